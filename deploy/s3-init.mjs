// The compose stack's bucket, set up once per `up` (idempotent) with the S3 gateway's root key:
// the bucket; a policy that lets anyone read processed images (u/ only, never the incoming/
// uploads) and lets the app's own key (made by the s3-user service) read, write, delete and run
// multipart uploads in it, nothing else; and a CORS rule so browsers on APP_URL can PUT the
// presigned parts and read each part's ETag. Runs in the app's image (`node deploy/s3-init.mjs`),
// which already carries the AWS SDK.
import {
  CreateBucketCommand,
  PutBucketCorsCommand,
  PutBucketPolicyCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'

function required(name) {
  const value = process.env[name]
  if (!value) {
    console.error(`s3-init: set ${name}`)
    process.exit(1)
  }
  return value
}

const endpoint = required('S3_INIT_ENDPOINT')
const Bucket = required('S3_BUCKET')
const appKey = required('S3_ACCESS_KEY_ID')
const appOrigin = new URL(required('APP_URL')).origin

const client = new S3Client({
  endpoint,
  region: process.env.S3_REGION ?? 'us-east-1',
  forcePathStyle: true,
  credentials: {
    accessKeyId: required('S3_ROOT_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_ROOT_SECRET_ACCESS_KEY'),
  },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
})

try {
  await client.send(new CreateBucketCommand({ Bucket }))
  console.warn(`s3-init: created bucket ${Bucket}`)
} catch (error) {
  const known = ['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']
  if (!(error instanceof S3ServiceException && known.includes(error.name))) throw error
  console.warn(`s3-init: bucket ${Bucket} is there`)
}

const policy = {
  Version: '2012-10-17',
  Statement: [
    {
      Sid: 'PublicProcessedImages',
      Effect: 'Allow',
      Principal: '*',
      Action: ['s3:GetObject'],
      Resource: [`arn:aws:s3:::${Bucket}/u/*`],
    },
    {
      Sid: 'ShopProcesses',
      Effect: 'Allow',
      Principal: { AWS: [appKey] },
      Action: [
        's3:GetObject',
        's3:PutObject',
        's3:DeleteObject',
        's3:AbortMultipartUpload',
        's3:ListMultipartUploadParts',
      ],
      Resource: [`arn:aws:s3:::${Bucket}/*`],
    },
  ],
}
await client.send(new PutBucketPolicyCommand({ Bucket, Policy: JSON.stringify(policy) }))

await client.send(
  new PutBucketCorsCommand({
    Bucket,
    CORSConfiguration: {
      CORSRules: [
        {
          AllowedOrigins: [appOrigin],
          AllowedMethods: ['PUT'],
          AllowedHeaders: ['*'],
          ExposeHeaders: ['ETag'],
          MaxAgeSeconds: 3600,
        },
      ],
    },
  }),
)
console.warn(
  `s3-init: ${Bucket}: public reads of u/*, ${appKey} reads and writes, PUT from ${appOrigin}`,
)
