import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const shell = style({ display: 'flex', flexDirection: 'column', minHeight: '100vh' });

export const main = style({
  flexGrow: 1,
  width: '100%',
  paddingTop: vars.space.l,
  selectors: { '&:focus': { outline: 'none' } },
});
