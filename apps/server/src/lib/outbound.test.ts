import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { checkOutboundAddress, isRefusedAddress, outboundRequest, OutboundRefusedError } from './outbound';

describe('outbound address rules', () => {
  it('refuses loopback, private, link-local and mapped private addresses, and allows public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
    ]) {
      expect(isRefusedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '172.32.0.1']) {
      expect(isRefusedAddress(address), address).toBe(false);
    }
  });

  it('answers 400 naming the field for http, credentials, private literals and names resolving to loopback', async () => {
    const cases: [string, RegExp][] = [
      ['http://erp.example/hook', /must be an https address/],
      ['https://user:pw@erp.example/hook', /user name or password/],
      ['https://127.0.0.1/hook', /private or local address \(127\.0\.0\.1\)/],
      ['https://[::1]/hook', /private or local address \(::1\)/],
      ['https://localhost/hook', /localhost resolves to a private or local address/],
      ['not an address', /must be an address/],
    ];
    for (const [raw, message] of cases) {
      const error = await checkOutboundAddress(raw, [], 'url').catch((e: unknown) => e);
      expect(error, raw).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).message, raw).toMatch(/^url: /);
      expect((error as HttpError).message, raw).toMatch(message);
    }
  });

  it('lets an allowed host be private and plain http', async () => {
    await expect(
      checkOutboundAddress('http://127.0.0.1:9/hook', ['127.0.0.1'], 'url'),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      checkOutboundAddress('http://localhost:9/hook', ['localhost'], 'url'),
    ).resolves.toBeInstanceOf(URL);
  });
});

describe('outbound requests', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/to-localhost') {
        res.writeHead(302, { location: `https://localhost:${port}/file` }).end();
      } else if (req.url === '/to-http') {
        res.writeHead(302, { location: `http://localhost:${port}/file` }).end();
      } else if (req.url === '/hop') {
        res.writeHead(302, { location: '/file' }).end();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const read = async (body: NodeJS.ReadableStream) => {
    let text = '';
    for await (const chunk of body) text += String(chunk);
    return text;
  };

  it('refuses a name that resolves to loopback when connecting, before any byte is sent', async () => {
    await expect(
      outboundRequest(`https://localhost:${port}/file`, { allowedHosts: [], timeoutMs: 2000 }),
    ).rejects.toBeInstanceOf(OutboundRefusedError);
  });

  it('reaches an allowed host, and follows redirects only to addresses that pass the rules', async () => {
    const allowed = ['127.0.0.1'];
    const ok = await outboundRequest(`http://127.0.0.1:${port}/hop`, {
      allowedHosts: allowed,
      timeoutMs: 2000,
      maxRedirects: 2,
    });
    expect(ok.status).toBe(200);
    expect(ok.url.pathname).toBe('/file');
    expect(await read(ok.body)).toBe('ok');

    await expect(
      outboundRequest(`http://127.0.0.1:${port}/to-localhost`, {
        allowedHosts: allowed,
        timeoutMs: 2000,
        maxRedirects: 2,
      }),
    ).rejects.toThrow(/localhost resolves to a private or local address/);
    await expect(
      outboundRequest(`http://127.0.0.1:${port}/to-http`, {
        allowedHosts: allowed,
        timeoutMs: 2000,
        maxRedirects: 2,
      }),
    ).rejects.toThrow(/must be an https address/);

    const unfollowed = await outboundRequest(`http://127.0.0.1:${port}/to-localhost`, {
      allowedHosts: allowed,
      timeoutMs: 2000,
    });
    expect(unfollowed.status).toBe(302);
    unfollowed.body.resume();
  });
});
