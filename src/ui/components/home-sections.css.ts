import { style } from '@vanilla-extract/css';
import { media } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

export const consultation = style({
  display: 'grid',
  gridTemplateColumns: '1.1fr 1fr',
  alignItems: 'center',
  overflow: 'hidden',
  borderRadius: vars.radius.xl,
  background: vars.color.inverseSurface,
  color: vars.color.inverseText,
  '@media': { [media.upToTablet]: { gridTemplateColumns: '1fr' } },
});

export const consultationBody = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.m,
  padding: vars.space.xxl,
  '@media': { [media.upToMobile]: { padding: `${vars.space.xl} ${vars.space.l}` } },
});

export const eyebrow = style({
  fontSize: vars.font.sizeXs,
  fontWeight: vars.font.weightBold,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.accentOnDark,
});

export const consultationTitle = style({
  fontSize: vars.font.sizeXxl,
  '@media': { [media.upToMobile]: { fontSize: vars.font.sizeXl } },
});
export const consultationText = style({ color: vars.color.inverseMuted, maxWidth: '460px' });
export const consultationImage = style({
  width: '100%',
  height: '100%',
  minHeight: '280px',
  objectFit: 'cover',
  '@media': {
    [media.upToTablet]: { maxHeight: '280px' },
    [media.upToMobile]: { maxHeight: '180px', minHeight: 0 },
  },
});

export const sectionTitle = style({
  marginBottom: vars.space.l,
  fontSize: vars.font.sizeXl,
  '@media': { [media.upToMobile]: { fontSize: vars.font.sizeL } },
});

export const benefits = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.l,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.upToTablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.upToMobile]: { gridTemplateColumns: '1fr', gap: vars.space.m },
  },
});

export const benefit = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  padding: vars.space.l,
  borderRadius: vars.radius.l,
  background: vars.color.surface,
  boxShadow: vars.shadow.s,
});

export const benefitIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.m,
  background: vars.color.accentSoft,
  color: vars.color.accent,
});

export const benefitTitle = style({ fontSize: vars.font.sizeM });
export const benefitText = style({ fontSize: vars.font.sizeS, color: vars.color.mutedText });

export const faq = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });

export const faqItem = style({
  borderRadius: vars.radius.m,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const faqQuestion = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.m,
  padding: `${vars.space.m} ${vars.space.l}`,
  fontWeight: vars.font.weightSemibold,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});

export const faqChevron = style({
  flexShrink: 0,
  transition: `transform ${vars.motion.fast}`,
  selectors: { [`${faqItem}[open] &`]: { transform: 'rotate(180deg)' } },
});

export const faqAnswer = style({ padding: `0 ${vars.space.l} ${vars.space.m}`, color: vars.color.mutedText });
export const faqLink = style({ color: vars.color.accent });

export const seo = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
  maxWidth: '880px',
  color: vars.color.mutedText,
  fontSize: vars.font.sizeS,
});

export const seoTitle = style({ fontSize: vars.font.sizeL, color: vars.color.text });
