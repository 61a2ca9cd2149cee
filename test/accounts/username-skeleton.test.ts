// The username skeleton: what a name looks like to a reader, the form usernames are claimed by.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isReservedFor, isValidUsername, RESERVED_USERNAMES, usernameClaimsOf, usernameSkeleton } from '#lib/accounts/user.ts';

const ALPHABET = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.'];

/** Any text of the username alphabet (short or long: the skeleton is defined beyond the length rule). */
const usernameText = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 40 }).map((chars) => chars.join(''));

/** The ways each character may be written so that a reader takes it for itself: the documented lookalikes. */
const WRITTEN_AS: Record<string, string[]> = {
  o: ['o', 'O', '0'],
  i: ['i', 'I', 'l', 'L', '1'],
  s: ['s', 'S', '5'],
  z: ['z', 'Z', '2'],
  b: ['b', 'B', '8'],
  e: ['e', 'E', '3'],
  g: ['g', 'G', '9', 'q', 'Q'],
  u: ['u', 'U', 'v', 'V'],
  w: ['w', 'W', 'vv', 'VV', 'uu', 'vu', 'uv'],
  m: ['m', 'M', 'rn', 'rN', 'Rn', 'RN', 'nn', 'Nn', 'NN'],
  d: ['d', 'D', 'cl', 'cI', 'c1', 'CL', 'Cl', 'ci'],
};
/** The lookalike class a character of a name belongs to. */
const CLASS_OF: Record<string, string> = { '0': 'o', '1': 'i', l: 'i', '5': 's', '2': 'z', '3': 'e', '8': 'b', '9': 'g', q: 'g', v: 'u' };
const spellings = (c: string): string[] => {
  const lower = c.toLowerCase();
  return WRITTEN_AS[CLASS_OF[lower] ?? lower] ?? [lower, c.toUpperCase()];
};

/** `name` with every character written as one of its lookalikes, and separators inserted anywhere. */
const disguised = (name: string) =>
  fc
    .tuple(
      fc.tuple(...[...name].map((c) => fc.constantFrom(...spellings(c)))),
      fc.array(fc.tuple(fc.nat({ max: name.length }), fc.constantFrom('.', '_')), { maxLength: 5 }),
    )
    .map(([chars, separators]) => {
      const out = [...chars];
      for (const [at, separator] of separators.sort((a, b) => b[0] - a[0])) out.splice(at, 0, separator);
      return out.join('');
    });

describe('usernameSkeleton', () => {
  it('folds the names the interface treats as one: case, I/l/1, separators, rn/nn/m, vv/w, u/v, 3/e, 9/q/g, cl/d', () => {
    const alike = [
      ['alicekvm5', 'aIicekvm5', 'a1icekvm5', 'a.licekvm5', 'ALICEKVMS', 'a_l_i_c_e_k_v_m_5'],
      ['rnary', 'mary', 'MARY', 'r.nary'],
      ['vves', 'wes', 'uues', 'VVes'],
      ['plaques', 'plaqves', 'PLAQUE5', 'p1aques', 'Plaques.'],
      ['b0b8', 'bob8', 'B0BB', '808b'],
      ['zed2', 'ZEDZ', '2edz'],
      ['bob3', 'bobe', 'BOB3', 'b0be'],
      ['queen9', 'gueeng', '9ueenq', 'QUEENG'],
      ['clave', 'dave', 'c1ave', 'CIAVE', 'cl.ave'],
      ['anna', 'ama', 'arna', 'AnNa'],
      ['rnn', 'nnn', 'nm', 'mn', 'rm', 'rrn'],
    ];
    for (const names of alike)
      expect(new Set(names.map(usernameSkeleton)), names.join(' ')).toEqual(new Set([usernameSkeleton(names[0]!)]));
    for (const [a, b] of [
      ['alice', 'alicia'],
      ['mary', 'nary'],
      ['wes', 'wet'],
      ['user7', 'user9'],
      // 6 is not read as b, so that the default names user6 and user8 stay apart.
      ['user6', 'user8'],
      ['bob6', 'bobb'],
    ])
      expect(usernameSkeleton(a!)).not.toBe(usernameSkeleton(b!));
  });

  // Invariant: the skeleton of a skeleton is itself, so a claim never depends on how often a name was folded.
  it('is idempotent', () => {
    fc.assert(
      fc.property(usernameText, (name) => {
        const skeleton = usernameSkeleton(name);
        expect(usernameSkeleton(skeleton)).toBe(skeleton);
      }),
      { numRuns: 2000 },
    );
  });

  // Invariant: a name written with any of its characters' lookalikes, and separators anywhere, has the name's skeleton.
  it('folds every lookalike spelling of a name to the same skeleton', () => {
    fc.assert(
      fc.property(
        usernameText.chain((name) => fc.tuple(fc.constant(name), disguised(name))),
        ([name, disguise]) => {
          expect(usernameSkeleton(disguise)).toBe(usernameSkeleton(name));
        },
      ),
      { numRuns: 2000 },
    );
  });

  // Invariant: every account's default name `user<id>` has a skeleton of its own, so no default passes for another.
  it('keeps the default names of any two accounts apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 1, max: 1e12 }), (a, b) => {
        fc.pre(a !== b);
        expect(usernameSkeleton(`user${a}`)).not.toBe(usernameSkeleton(`user${b}`));
      }),
      { numRuns: 2000 },
    );
  });

  it('claims a name by its skeleton, and releases the lower-case and earlier skeleton claims names held before', () => {
    expect(usernameClaimsOf('Alice')).toEqual(['aiice', 'alice']);
    expect(usernameClaimsOf('bob')).toEqual(['bob']);
    // Claimed as `bob3` until migration 0005.
    expect(usernameClaimsOf('Bob3')).toEqual(['bobe', 'bob3']);
    expect(usernameClaimsOf('Clara9')).toEqual(['darag', 'clara9', 'ciara9']);
  });
});

describe('reserved usernames', () => {
  it('are valid usernames, refused to everybody with their lookalikes', () => {
    for (const name of RESERVED_USERNAMES) {
      if (name.length >= 3) expect(isValidUsername(name), name).toBe(true);
      expect(isReservedFor(name, 7), name).toBe(true);
      expect(isReservedFor(name.toUpperCase(), 7), name).toBe(true);
    }
    for (const name of ['Adm1n', 'r00t', 'SUPP0RT', 'plaqves', 'n.u.l.l', 'undeflned', 'rnoderator', 'offic1al', 'servlce', 'sys_tem'])
      expect(isReservedFor(name, 7), name).toBe(true);
    for (const name of ['admins_fan', 'rooted', 'alice', 'helper']) expect(isReservedFor(name, 7), name).toBe(false);
  });
});
