import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.m,
});

export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.m,
  flexWrap: 'wrap',
});

const badge = {
  padding: `${vars.space.xxs} ${vars.space.s}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.font.sizeS,
  fontWeight: vars.font.weightSemibold,
} as const;

export const status = styleVariants({
  new: { ...badge, background: vars.color.infoSoft, color: vars.color.info },
  in_work: { ...badge, background: vars.color.accentSoft, color: vars.color.accent },
  waiting_client: { ...badge, background: vars.color.successSoft, color: vars.color.success },
  closed: { ...badge, background: vars.color.surfaceMuted, color: vars.color.mutedText },
});

/** A text as written, line breaks kept (a request in no composed shape, a comment). */
export const lines = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });

/** What the client filled in, label beside value (issue 25 item 11). */
export const fields = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: vars.space.m,
  rowGap: vars.space.xs,
});
globalStyle(`${fields} dt`, { color: vars.color.mutedText });
globalStyle(`${fields} dd`, { margin: 0 });

export const replies = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
});

export const reply = style({
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.m,
  padding: vars.space.m,
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});

export const replyMeta = style({
  display: 'block',
  fontSize: vars.font.sizeS,
  color: vars.color.mutedText,
  marginBottom: vars.space.xxs,
  whiteSpace: 'normal',
});

/** The client's own follow-ups: on the other side of the conversation. */
export const ownMessage = style([
  reply,
  { background: vars.color.accentSoft, marginInlineStart: vars.space.l },
]);

export const followUp = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });

export const followUpActions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.m,
  flexWrap: 'wrap',
});
