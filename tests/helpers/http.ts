import { request } from 'node:http';

/** A GET with the path sent exactly as given (no normalisation of "..", unlike fetch). */
export function get(
  base: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: rawPath, method: 'GET', headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * The status of a GET, or undefined when the answer breaks off (the server ended it mid-body)
 * or none comes within 5 s; never rejects. The body is read and dropped.
 */
export function statusOf(base: string, rawPath: string): Promise<number | undefined> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path: rawPath }, (res) => {
      res.on('error', () => resolve(undefined));
      res.on('aborted', () => resolve(undefined));
      res.on('end', () => resolve(res.statusCode));
      res.on('close', () => resolve(res.complete ? res.statusCode : undefined));
      res.resume();
    });
    req.setTimeout(5_000, () => req.destroy());
    req.on('error', () => resolve(undefined));
    req.end();
  });
}
