import type { Storage } from './index';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Uploads in an S3-compatible bucket, so every instance of a fleet serves every photo. */
export function createS3Storage(settings: S3Settings): Storage {
  // The SDK is large (about a second of start-up on a busy 2-CPU machine, and its memory):
  // imported only by an instance that stores in S3, and only here.
  const sdk = import('@aws-sdk/client-s3');
  const client = sdk.then(({ S3Client }) => new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Self-hosted stores (MinIO, Garage, Ceph) address buckets by path, and not all of them
    // know the SDK's newer default checksums: send those only where S3 requires them.
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }));
  const Bucket = settings.bucket;
  return {
    async put(key, data) {
      const [{ PutObjectCommand }, s3] = await Promise.all([sdk, client]);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: key.endsWith('.webp') ? 'image/webp' : undefined }));
    },
    async get(key) {
      const [{ GetObjectCommand, NoSuchKey }, s3] = await Promise.all([sdk, client]);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async remove(prefix) {
      const [{ DeleteObjectCommand, ListObjectsV2Command }, s3] = await Promise.all([sdk, client]);
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        // Like a folder on disk: the key itself and what lies under it, not its longer-named siblings.
        const doomed = (page.Contents ?? []).filter(({ Key }) => Key === prefix || Key?.startsWith(`${prefix}/`));
        await Promise.all(doomed.map(({ Key }) => s3.send(new DeleteObjectCommand({ Bucket, Key }))));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
