import { Schema } from 'effect';

/**
 * A picture as every resource sends it: the default URL for `src`, the sizes for `srcset`, and the
 * Russian alternative text. Files are generated at seed time and served from /media/ with long caching.
 */
export const ImageSource = Schema.Struct({
  width: Schema.Int,
  url: Schema.String,
});

export const Image = Schema.Struct({
  url: Schema.String,
  alt: Schema.String,
  /** Ascending by width; `srcset` is `url width"w"` joined with commas. */
  sources: Schema.Array(ImageSource),
});
export type Image = typeof Image.Type;
