import { type ConfigEnv, mergeConfig, type Plugin, type UserConfig } from 'vite';
import projectConfig from '../vite.config';
import { CHUNK_MODULES_FILE, chunkModulesPlugin } from './bench-web-bundle';

/**
 * The project's own vite.config.ts plus one plugin that records which modules rolldown put in each
 * chunk (scripts/bench-web.ts: `npm run build -- --config scripts/bench-web-vite.config.ts …`), so
 * the measured build and the module analysis are the same build.
 */
export default async (env: ConfigEnv): Promise<UserConfig> => {
  const base = typeof projectConfig === 'function' ? await projectConfig(env) : await projectConfig;
  const extra: Plugin = chunkModulesPlugin(process.env.BENCH_WEB_CHUNK_MODULES_FILE ?? CHUNK_MODULES_FILE);
  return mergeConfig(base as UserConfig, { plugins: [extra] });
};
