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

  it('allows only global unicast addresses, after the IANA special-purpose registries', () => {
    const refused = [
      ['192.0.2.1', '198.51.100.7', '203.0.113.9', '100.127.255.254', '198.19.255.255', '192.0.0.1'],
      ['240.0.0.1', '255.255.255.255', '0.1.2.3', '192.88.99.1', '224.0.0.1', '239.255.255.250'],
      ['2001:db8::1', '3fff::1', '100::1', '64:ff9b:1::a00:1', 'fec0::1', '5f00::1', 'ff02::1'],
      ['2001:2::1', '2001:10::1', '2001::1', 'fe80::1%eth0', '4000::1', '1000::1'],
    ].flat();
    for (const address of refused) expect(isRefusedAddress(address), address).toBe(true);
    const allowed = [
      '192.0.0.9',
      '100.128.0.1',
      '198.20.0.1',
      '2001:4:112::1',
      '2001:20::1',
      '2620:4f:8000::1',
    ];
    for (const address of allowed) expect(isRefusedAddress(address), address).toBe(false);
  });

  it('judges an IPv6 address that carries an IPv4 one by that IPv4 address', () => {
    for (const [address, carried] of [
      ['::ffff:192.0.2.1', 'mapped'],
      ['::ffff:7f00:1', 'mapped, in hexadecimal'],
      ['::127.0.0.1', 'compatible'],
      ['::a00:1', 'compatible, in hexadecimal'],
      ['64:ff9b::192.168.0.1', 'NAT64'],
      ['64:ff9b::c000:201', 'NAT64, documentation'],
      ['2002:7f00:1::1', '6to4, loopback'],
      ['2002:c0a8:101::', '6to4, private'],
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo, client 127.0.0.1'],
      ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'Teredo, client 10.0.0.1'],
    ]) {
      expect(isRefusedAddress(address!), `${address} (${carried})`).toBe(true);
    }
    for (const address of [
      '::ffff:808:808',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ]) {
      expect(isRefusedAddress(address), address).toBe(false);
    }
  });

  it('answers 400 naming the field for http, credentials, private literals and names resolving to loopback', async () => {
    const cases: [string, RegExp][] = [
      ['http://erp.example/hook', /must be an https address/],
      ['https://user:pw@erp.example/hook', /user name or password/],
      ['https://127.0.0.1/hook', /private or local address \(127\.0\.0\.1\)/],
      ['https://[::1]/hook', /private or local address \(::1\)/],
      ['https://203.0.113.5/hook', /private or local address \(203\.0\.113\.5\)/],
      ['https://[2002:a00:1::1]/hook', /private or local address \(2002:a00:1::1\)/],
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

  it('lets an allowed host:port be private on that port only', async () => {
    for (const [raw, entry] of [
      ['http://127.0.0.1:9/hook', '127.0.0.1:9'],
      ['http://[::1]:9/hook', '[::1]:9'],
      ['http://[::1]:9/hook', '[0:0::1]'],
      ['http://[::1]:9/hook', '::1'],
      ['https://localhost/hook', 'LOCALHOST:443'],
      ['http://files.lan/export.csv', 'files.lan:80'],
    ] as const) {
      await expect(checkOutboundAddress(raw, [entry], 'url'), `${raw} with ${entry}`).resolves.toBeInstanceOf(
        URL,
      );
    }
    for (const [raw, entry] of [
      ['http://127.0.0.1:10/hook', '127.0.0.1:9'],
      ['http://[::1]:10/hook', '[::1]:9'],
      ['https://localhost:8443/hook', 'localhost:443'],
      ['https://127.0.0.1/hook', '127.0.0.1:80'],
    ] as const) {
      const error = await checkOutboundAddress(raw, [entry], 'url').catch((e: unknown) => e);
      expect(error, `${raw} with ${entry}`).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
    }
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

    await expect(
      outboundRequest(`http://127.0.0.1:${port}/file`, { allowedHosts: ['127.0.0.1:1'], timeoutMs: 2000 }),
    ).rejects.toThrow(/must be an https address/);
    const onItsPort = await outboundRequest(`http://127.0.0.1:${port}/file`, {
      allowedHosts: [`127.0.0.1:${port}`],
      timeoutMs: 2000,
    });
    expect(await read(onItsPort.body)).toBe('ok');

    const unfollowed = await outboundRequest(`http://127.0.0.1:${port}/to-localhost`, {
      allowedHosts: allowed,
      timeoutMs: 2000,
    });
    expect(unfollowed.status).toBe(302);
    unfollowed.body.resume();
  });
});
