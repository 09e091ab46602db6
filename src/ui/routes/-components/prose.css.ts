import { globalStyle } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { prose } from './catalogue.css';

// Server HTML has no classes of its own, so its elements are styled under the prose container.
globalStyle(`${prose} h2`, { fontSize: vars.font.sizeL, marginBlock: `${vars.space.l} ${vars.space.s}` });
globalStyle(`${prose} h3`, { fontSize: vars.font.sizeM, marginBlock: `${vars.space.m} ${vars.space.xs}` });
globalStyle(`${prose} > :first-child`, { marginTop: 0 });
globalStyle(`${prose} p`, { marginBlock: vars.space.s });
globalStyle(`${prose} ul, ${prose} ol`, { paddingLeft: vars.space.l, marginBlock: vars.space.s });
globalStyle(`${prose} li`, { marginBlock: vars.space.xs });
globalStyle(`${prose} a`, { color: vars.color.accent });
globalStyle(`${prose} img`, { borderRadius: vars.radius.m, height: 'auto' });
