import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';
import { container } from '../theme/utilities.css';

export const shell = style({ display: 'flex', flexDirection: 'column', minHeight: '100vh' });

export const header = style({
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const inner = style([
  container,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.m,
    paddingBlock: vars.space.m,
    '@media': { [media.upToMobile]: { flexDirection: 'column', alignItems: 'flex-start' } },
  },
]);

export const contacts = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.m });

export const schedule = style({ color: vars.color.mutedText, fontSize: vars.font.sizeS });

export const phone = style({
  color: vars.color.text,
  fontWeight: vars.font.weightBold,
  textDecoration: 'none',
});

export const main = style({ flex: 1, outline: 'none' });
