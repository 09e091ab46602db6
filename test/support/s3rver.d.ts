/** The part of s3rver (an S3-protocol server for tests, no types of its own) the tests use. */
declare module 's3rver' {
  interface S3rverOptions {
    readonly address?: string;
    readonly port?: number;
    readonly directory: string;
    readonly silent?: boolean;
    readonly configureBuckets?: readonly { readonly name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ readonly address: string; readonly port: number }>;
    close(): Promise<void>;
  }
}
