// POST /auth/profile over real HTTP: multipart parts, rules, all-or-nothing writes, images, passwords and tokens.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { multipart, signInOverHttp, type FormPart, type SignedInUser } from './flows.ts';
import { aPng, aPngHeader } from './images.ts';
import { expectProblem } from './problems.ts';

let server: LocalServer;
let ctx: AppContext;

beforeAll(async () => {
  ctx = await freshTable();
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
  ctx.mediaBaseUrl = `${server.url}/_media`;
});
afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});

let n = 0;
const aUser = (): Promise<SignedInUser> => signInOverHttp(server.url, ctx.dataDir, `profile${++n}-${process.pid}@example.com`);

const update = (token: string, parts: FormPart[]) => {
  const form = multipart(parts);
  return fetch(`${server.url}/auth/profile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    body: form.body,
  });
};
const rawUpdate = (token: string, body: Buffer | string, contentType: string) =>
  fetch(`${server.url}/auth/profile`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body });
const profile = async (token: string) =>
  (await fetch(`${server.url}/auth/profile`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<Record<string, any>>;
const mediaFiles = (userId: number) => {
  const dir = join(ctx.dataDir, 'media', 'users', String(userId));
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /auth/profile', () => {
  it('answers 201 with the updated user and a fresh token; the image URL serves the upload', async () => {
    const { token, user } = await aUser();
    const png = aPng(16, 16);
    const response = await update(token, [
      { name: 'username', value: `Grace.${n}` },
      { name: 'phoneNumber', value: '+4915112345678' },
      { name: 'image', file: png, filename: 'me.png', type: 'image/png' },
    ]);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: Record<string, any>; token: string };
    expect(body.user).toMatchObject({ id: user.id, username: `Grace.${n}`, walletAddress: user.walletAddress });
    expect(body.user.image).toMatch(new RegExp(`^${server.url}/_media/users/${user.id}/[0-9a-f-]{36}\\.png$`));
    expect(JSON.stringify(body)).not.toContain('+4915112345678');
    expect(await profile(body.token)).toEqual(body.user);

    const image = await fetch(body.user.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
  });

  it('stores the image by its content type, not the declared one, and removes the replaced image', async () => {
    const { token, user } = await aUser();
    const first = (await (await update(token, [{ name: 'image', file: aPng(), filename: 'photo.gif', type: 'image/gif' }])).json()) as {
      user: { image: string };
    };
    expect(first.user.image).toMatch(/\.png$/);
    const second = (await (await update(token, [{ name: 'image', file: aPng(2, 2), filename: 'b.png', type: 'image/png' }])).json()) as {
      user: { image: string };
    };
    expect((await fetch(first.user.image)).status).toBe(404);
    expect((await fetch(second.user.image)).status).toBe(200);
    expect(mediaFiles(user.id)).toHaveLength(1);
  });

  it('sets a password, which logs out every older token and returns a fresh one that works', async () => {
    const { token, user } = await aUser();
    const response = await update(token, [{ name: 'password', value: 'first-password' }]);
    expect(response.status).toBe(201);
    const { token: fresh } = (await response.json()) as { token: string };
    await expectProblem(await fetch(`${server.url}/auth/profile`, { headers: { authorization: `Bearer ${token}` } }), 401, 'UNAUTHORIZED');
    expect((await profile(fresh)).id).toBe(user.id);
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'first-password' }),
    });
    expect(login.status).toBe(200);
  });

  it('requires the current password to change an existing one (401 INVALID_CREDENTIALS)', async () => {
    const { token } = await aUser();
    const { token: second } = (await (await update(token, [{ name: 'password', value: 'first-password' }])).json()) as { token: string };
    await expectProblem(await update(second, [{ name: 'password', value: 'second-password' }]), 401, 'INVALID_CREDENTIALS');
    await expectProblem(
      await update(second, [
        { name: 'password', value: 'second-password' },
        { name: 'currentPassword', value: 'wrong-password' },
      ]),
      401,
      'INVALID_CREDENTIALS',
    );
    const changed = await update(second, [
      { name: 'password', value: 'second-password' },
      { name: 'currentPassword', value: 'first-password' },
    ]);
    expect(changed.status).toBe(201);
  });

  it('answers 409 USERNAME_TAKEN for a name held by another user in any casing, or a reserved user<id>', async () => {
    const [a, b] = [await aUser(), await aUser()];
    expect((await update(a.token, [{ name: 'username', value: `taken_${n}` }])).status).toBe(201);
    await expectProblem(await update(b.token, [{ name: 'username', value: `TAKEN_${n}` }]), 409, 'USERNAME_TAKEN');
    await expectProblem(await update(b.token, [{ name: 'username', value: `user${a.user.id + 1000}` }]), 409, 'USERNAME_TAKEN');
    // The service account's name, shown to partners as the owner of unsold plaques.
    await expectProblem(await update(b.token, [{ name: 'username', value: 'Plaques' }]), 409, 'USERNAME_TAKEN');
    // …and its lookalikes: separators removed and lookalike characters folded before comparing.
    await expectProblem(await update(b.token, [{ name: 'username', value: 'plaques.' }]), 409, 'USERNAME_TAKEN');
    await expectProblem(await update(b.token, [{ name: 'username', value: 'p_1aque5' }]), 409, 'USERNAME_TAKEN');
    expect((await update(b.token, [{ name: 'username', value: `User${b.user.id}` }])).status).toBe(201);
  });

  it('answers 409 USERNAME_TAKEN for a name that passes for a taken one, until its holder lets it go', async () => {
    const [a, b, c] = [await aUser(), await aUser(), await aUser()];
    const taken = [
      ['alicekvm5', ['aIicekvm5', 'a1icekvm5', 'a.licekvm5', 'ALICEKVMS']],
      ['rnary', ['mary', 'Mary_']],
      ['wes', ['vves', 'uues']],
    ] as const;
    for (const [name, lookalikes] of taken) {
      const holder = name === 'alicekvm5' ? a : name === 'rnary' ? b : c;
      expect((await update(holder.token, [{ name: 'username', value: name }])).status, name).toBe(201);
      for (const lookalike of lookalikes) {
        const other = holder === a ? b : a;
        await expectProblem(await update(other.token, [{ name: 'username', value: lookalike }]), 409, 'USERNAME_TAKEN');
      }
    }
    // The holder may write its own name another way (same skeleton, same claim)...
    const respelled = await update(a.token, [{ name: 'username', value: 'AliceKVM5' }]);
    expect(respelled.status).toBe(201);
    // ...and once it takes another name, the old one's lookalikes are free.
    const { token } = (await (await update(a.token, [{ name: 'username', value: 'someone_else' }])).json()) as { token: string };
    expect(token).toBeTruthy();
    expect((await update(b.token, [{ name: 'username', value: 'a1icekvm5' }])).status).toBe(201);
    expect((await profile(b.token)).username).toBe('a1icekvm5');
  });

  // Six sign-ins and eighteen updates one after another: 11 s in a whole run, over 30 s when the machine is loaded.
  it('answers 409 USERNAME_TAKEN for lookalikes by 3/e, 9/q/g, cl/d and nn/m, and keeps 6 and b apart', { timeout: 90_000 }, async () => {
    const taken = [
      ['clave', ['dave', 'c1ave', 'CIAVE', 'cl.ave']],
      ['bob3', ['bobe', 'B0BE']],
      ['queen9', ['gueeng', '9ueenq', 'QUEENG']],
      ['anna', ['ama', 'arna', 'AnNa']],
    ] as const;
    const other = await aUser();
    for (const [name, lookalikes] of taken) {
      const holder = await aUser();
      expect((await update(holder.token, [{ name: 'username', value: name }])).status, name).toBe(201);
      for (const lookalike of lookalikes)
        await expectProblem(await update(other.token, [{ name: 'username', value: lookalike }]), 409, 'USERNAME_TAKEN');
    }
    const holder = await aUser();
    expect((await update(holder.token, [{ name: 'username', value: 'bob6' }])).status).toBe(201);
    expect((await update(other.token, [{ name: 'username', value: 'bobb' }])).status).toBe(201);
  });

  it('refuses reserved names and their lookalikes to everybody: admin, Adm1n, r00t, plaqves, n.u.l.l', async () => {
    const { token } = await aUser();
    for (const name of [
      'admin',
      'Adm1n',
      'administrator',
      'r00t',
      'support',
      'system',
      'api',
      'dashboard',
      'plaqves',
      'n.u.l.l',
      'undefined',
    ])
      await expectProblem(await update(token, [{ name: 'username', value: name }]), 409, 'USERNAME_TAKEN');
  });

  it('gives a contested username to exactly one of two users asking at once', async () => {
    const [a, b] = [await aUser(), await aUser()];
    const name = `race_${n}`;
    const responses = await Promise.all([
      update(a.token, [{ name: 'username', value: name }]),
      update(b.token, [{ name: 'username', value: name.toUpperCase() }]),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    await expectProblem(
      responses.find((r) => r.status === 409)!,
      409,
      'USERNAME_TAKEN',
    );
  });

  it('answers 400 VALIDATION_FAILED naming every bad part, and changes nothing', async () => {
    const { token } = await aUser();
    const before = await profile(token);
    const problem = await expectProblem(
      await update(token, [
        { name: 'username', value: 'no spaces allowed' },
        { name: 'password', value: 'short' },
        { name: 'phoneNumber', value: '0049 151 123' },
      ]),
      400,
      'VALIDATION_FAILED',
    );
    expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual(['password', 'phoneNumber', 'username']);
    const partly = await update(token, [
      { name: 'username', value: 'valid_name_x' },
      { name: 'phoneNumber', value: '12345' },
    ]);
    await expectProblem(partly, 400, 'VALIDATION_FAILED');
    expect(await profile(token)).toEqual(before);
  });

  it('answers 400 for unknown parts (no mass assignment) and changes nothing', async () => {
    const { token, user } = await aUser();
    for (const name of ['email', 'emailVerify', 'walletAddress', 'access', 'totalPings', 'tokenVersion']) {
      const problem = await expectProblem(
        await update(token, [
          { name: 'username', value: 'fine_name' },
          { name, value: 'x' },
        ]),
        400,
        'VALIDATION_FAILED',
      );
      expect(problem.errors).toEqual([{ path: name, message: 'is not a part this operation accepts' }]);
    }
    expect((await profile(token)).username).toBe(user.username);
  });

  it('answers 415 UNSUPPORTED_IMAGE for content that is not an accepted image, and 413 for too many pixels or bytes', async () => {
    const { token, user } = await aUser();
    await expectProblem(
      await update(token, [
        { name: 'image', file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.png', type: 'image/png' },
      ]),
      415,
      'UNSUPPORTED_IMAGE',
    );
    await expectProblem(
      await update(token, [{ name: 'image', file: aPngHeader(20_000, 20_000), filename: 'bomb.png', type: 'image/png' }]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    await expectProblem(
      await update(token, [{ name: 'image', file: Buffer.concat([aPng(), Buffer.alloc(4 * 1024 * 1024)]), filename: 'big.png' }]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    await expectProblem(
      await update(token, [{ name: 'image', file: Buffer.alloc(6 * 1024 * 1024), filename: 'huge.png' }]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(mediaFiles(user.id)).toEqual([]);
  });

  it('keeps nothing of an accepted image when another part is refused', async () => {
    const [a, b] = [await aUser(), await aUser()];
    await update(a.token, [{ name: 'username', value: `holder_${n}` }]);
    await expectProblem(
      await update(b.token, [
        { name: 'username', value: `holder_${n}` },
        { name: 'image', file: aPng(), filename: 'a.png' },
      ]),
      409,
      'USERNAME_TAKEN',
    );
    expect(mediaFiles(b.user.id)).toEqual([]);
    expect((await profile(b.token)).image).toBeNull();
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a JSON body and 400 for a form without parts', async () => {
    const { token } = await aUser();
    await expectProblem(await rawUpdate(token, '{"username":"json_name"}', 'application/json'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    await expectProblem(await rawUpdate(token, '--B--\r\n', 'multipart/form-data; boundary=B'), 400, 'VALIDATION_FAILED');
    await expectProblem(
      await fetch(`${server.url}/auth/profile`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('answers 400 for malformed multipart (dicer crash input, truncation, missing boundary, duplicates) and keeps serving', async () => {
    const { token, user } = await aUser();
    const whole = multipart([{ name: 'username', value: 'never_set' }], 'B').body.toString('latin1');
    const cases: [string, string, string][] = [
      [
        '--B\r\n Content-Disposition: form-data; name="username"\r\n\r\nx\r\n--B--\r\n',
        'multipart/form-data; boundary=B',
        'MALFORMED_MULTIPART',
      ],
      ['--B\r\n\r\n\r\n--B\r\n  X: y\r\n\r\nz\r\n--B--\r\n', 'multipart/form-data; boundary=B', 'MALFORMED_MULTIPART'],
      [whole.slice(0, whole.length - 6), 'multipart/form-data; boundary=B', 'MALFORMED_MULTIPART'],
      [whole, 'multipart/form-data', 'MALFORMED_MULTIPART'],
      [
        multipart(
          [
            { name: 'username', value: 'a_name' },
            { name: 'username', value: 'b_name' },
          ],
          'B',
        ).body.toString('latin1'),
        'multipart/form-data; boundary=B',
        'VALIDATION_FAILED',
      ],
    ];
    for (const [body, type, code] of cases) {
      await expectProblem(await rawUpdate(token, Buffer.from(body, 'latin1'), type), 400, code);
      expect((await profile(token)).username).toBe(user.username);
    }
  });

  it('answers 401 UNAUTHORIZED without a valid token', async () => {
    const form = multipart([{ name: 'username', value: 'nobody_x' }]);
    await expectProblem(
      await fetch(`${server.url}/auth/profile`, { method: 'POST', headers: { 'content-type': form.contentType }, body: form.body }),
      401,
      'UNAUTHORIZED',
    );
    await expectProblem(await rawUpdate('not-a-token', form.body, form.contentType), 401, 'UNAUTHORIZED');
  });
});
