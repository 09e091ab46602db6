/** A picture as every API resource sends it: default URL, Russian alt text, and widths for srcset. */
interface ImageSourceData {
  readonly width: number;
  readonly url: string;
}

export interface ImageData {
  readonly url: string;
  readonly alt: string;
  /** Ascending by width. */
  readonly sources: readonly ImageSourceData[];
}
