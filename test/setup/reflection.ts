// tsyringe needs a Reflect metadata polyfill before it loads, as in the app (composition-root.ts).
import '@abraham/reflection';
