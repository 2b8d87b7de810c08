import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMountPoint, mountPointsIn } from '../../src/generator/output/output-dir.ts';

/**
 * How a build tells that its output folder is a mount point, which it cannot rename: the
 * refusal itself is tests/cli/environment-failures.test.ts's, with real mounts where this
 * process may mount.
 */
describe('mount points', () => {
  it('reads the mount points of /proc/self/mountinfo, with its octal escapes', () => {
    const mountinfo = [
      '22 1 0:21 / / rw,relatime shared:1 - overlay overlay rw',
      '42 22 254:0 /var/lib/docker/volumes/site/_data /app/dist rw,relatime - ext4 /dev/vda rw',
      '43 22 254:0 /home/ana/my\\040site /srv/my\\040site\\134x rw - ext4 /dev/vda rw',
      '',
    ].join('\n');
    expect([...mountPointsIn(mountinfo)]).toEqual(['/', '/app/dist', '/srv/my site\\x']);
    expect(mountPointsIn('').size).toBe(0);
  });

  it('a folder on its parent file system is none; the root and a file system of its own are', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-mount-'));
    try {
      expect(await isMountPoint(dir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true });
    }
    expect(await isMountPoint('/')).toBe(true);
    // Linux mounts proc at /proc, a file system of its own (another device than /).
    if (process.platform === 'linux') expect(await isMountPoint('/proc')).toBe(true);
  });
});
