import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const root = style({});

export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.m,
  flexWrap: 'wrap',
  marginBottom: vars.space.l,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s });

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
  marginBottom: vars.space.l,
});

export const summary = style({ maxWidth: '420px' });

export const printHeader = style({
  display: 'none',
  '@media': {
    print: {
      display: 'block',
      marginBottom: vars.space.m,
      paddingBottom: vars.space.s,
      borderBottom: `1px solid ${vars.color.borderStrong}`,
    },
  },
});

export const noPrint = style({ '@media': { print: { display: 'none' } } });

export const shareLink = style({
  width: '100%',
  padding: vars.space.s,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.s,
  fontFamily: 'inherit',
  fontSize: vars.font.sizeS,
});

// "Скачать PDF" prints only the collection: everything else on the page is hidden on paper. The
// rule is scoped with :has so that, once this stylesheet is loaded, other pages still print whole.
globalStyle(`body:has(${root}) *`, { '@media': { print: { visibility: 'hidden' } } });
// As specific as the hiding rule above (it has :has), so the collection itself stays visible.
globalStyle(`body:has(${root}) ${root}, body:has(${root}) ${root} *`, {
  '@media': { print: { visibility: 'visible' } },
});
globalStyle(root, {
  '@media': { print: { position: 'absolute', insetInlineStart: 0, top: 0, width: '100%' } },
});
globalStyle(`${root} button`, { '@media': { print: { display: 'none' } } });
