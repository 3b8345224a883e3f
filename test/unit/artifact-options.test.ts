import { afterEach, describe, expect, it } from 'vitest';
import { artifactOptions } from '../../cli/server/common.js';
import { parseS3Url } from '../../src/store/artifacts/open.js';

const ENV = ['SVC_ARTIFACTS_DIR', 'SVC_ARTIFACTS_S3', 'SVC_S3_ENDPOINT', 'SVC_S3_REGION', 'SVC_S3_PATH_STYLE', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL'];
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
const withEnv = (env: Record<string, string>) => {
  for (const k of ENV) delete process.env[k];
  Object.assign(process.env, env);
};
afterEach(() => {
  for (const k of ENV) if (saved[k] === undefined) delete process.env[k];
  else process.env[k] = saved[k];
});

describe('artifact store options', () => {
  it.each([
    ['s3://svc-artifacts', { bucket: 'svc-artifacts', prefix: '' }],
    ['s3://svc.artifacts/team/a/', { bucket: 'svc.artifacts', prefix: 'team/a' }],
  ])('parses %s', (url, want) => expect(parseS3Url(url)).toEqual(want));

  it.each(['http://bucket', 's3://', 's3://UPPER', 's3://ab', 'bucket'])('refuses %s', (url) => expect(() => parseS3Url(url)).toThrow(/s3:\/\/BUCKET/));

  it.each([
    ['nothing: the data dir default', {}, {}, undefined],
    ['a shared directory from the environment', {}, { SVC_ARTIFACTS_DIR: '/mnt/svc' }, { kind: 'dir', dir: '/mnt/svc' }],
    ['a flag over the environment', { artifactsDir: '/srv/a' }, { SVC_ARTIFACTS_DIR: '/mnt/svc' }, { kind: 'dir', dir: '/srv/a' }],
    ['a bucket from flags', { artifactsS3: 's3://b-1/p', s3Endpoint: 'http://127.0.0.1:9000', s3Region: 'eu-west-1', s3PathStyle: true }, {}, { kind: 's3', bucket: 'b-1', prefix: 'p', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', pathStyle: true }],
    ['a bucket from the environment', {}, { SVC_ARTIFACTS_S3: 's3://b-1', AWS_ENDPOINT_URL_S3: 'http://s3.local', SVC_S3_PATH_STYLE: '1' }, { kind: 's3', bucket: 'b-1', prefix: '', endpoint: 'http://s3.local', region: undefined, pathStyle: true }],
  ])('%s', (_name, flags, env, want) => {
    withEnv(env as Record<string, string>);
    expect(artifactOptions(flags)).toEqual(want);
  });

  it('refuses a directory and a bucket together, and a bad SVC_ARTIFACTS_S3', () => {
    withEnv({ SVC_ARTIFACTS_DIR: '/mnt/svc' });
    expect(() => artifactOptions({ artifactsS3: 's3://b-1' })).toThrow(/not both/);
    withEnv({ SVC_ARTIFACTS_S3: 'http://x' });
    expect(() => artifactOptions({})).toThrow(/SVC_ARTIFACTS_S3/);
  });
});
