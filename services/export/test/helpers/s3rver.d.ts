// s3rver ships no types: the part of its API the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs?: string[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** S3 event notifications: objects stored by PutObject and removed. */
    on(
      event: 'event',
      listener: (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void,
    ): this;
  }
}
