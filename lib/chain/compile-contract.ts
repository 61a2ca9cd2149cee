// Compiles lib/chain/contracts/PlaqueToken.sol with solc (standard JSON) into the git-ignored artifact that
// deployments read; recompiles by itself when the artifact is missing or its sources changed.
// `npm run contract:compile` runs it by hand; `npm start` and the test setup reach it through the deployer.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Abi, Hex } from 'viem';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const CONTRACT_NAME = 'PlaqueToken';
const SOURCE_NAME = 'PlaqueToken.sol';
const SOURCE_PATH = resolve(here, 'contracts', SOURCE_NAME);
export const ARTIFACT_PATH = resolve(here, 'generated', 'plaque-token.json');
/** Cancun is supported by anvil and by every public EVM chain a stage might use. */
const EVM_VERSION = 'cancun';

export interface ContractArtifact {
  contractName: string;
  /** SHA-256 of the source, the OpenZeppelin version and the compiler settings: a change recompiles. */
  sourceHash: string;
  compiler: string;
  abi: Abi;
  bytecode: Hex;
}

type PackageJson = { version: string };

/**
 * The compiler, loaded only to compile: its 9 MB of Emscripten output takes most of a second to load, which a
 * deployment that finds its artifact current (every ops command that deploys, every `npm start` after the first) skips.
 */
const loadSolc = (): { version: () => string; compile: (input: string, callbacks: object) => string } => require('solc');

function sourceHash(source: string): string {
  const openZeppelin = (require('@openzeppelin/contracts/package.json') as PackageJson).version;
  // The solc package's version is its compiler's (0.8.x ships soljson 0.8.x), read without loading the compiler.
  const solcVersion = (require('solc/package.json') as PackageJson).version;
  return createHash('sha256').update(`${source}\n${openZeppelin}\nsolc ${solcVersion}\n${EVM_VERSION}`).digest('hex');
}

/** Resolves `@openzeppelin/contracts/...` imports from node_modules, as Foundry's remappings would. */
function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `not found: ${path}` };
  }
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

export function compilePlaqueToken(): ContractArtifact {
  const source = readFileSync(SOURCE_PATH, 'utf8');
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: source } },
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { [SOURCE_NAME]: { [CONTRACT_NAME]: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const solc = loadSolc();
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const compiled = output.contracts?.[SOURCE_NAME]?.[CONTRACT_NAME];
  if (!compiled) throw new Error(`solc produced no ${CONTRACT_NAME}`);
  return {
    contractName: CONTRACT_NAME,
    sourceHash: sourceHash(source),
    compiler: `solc ${solc.version()}`,
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
  };
}

/** The compiled contract, compiling and writing the artifact first when it is missing or stale. */
export function loadPlaqueTokenArtifact(): ContractArtifact {
  const wanted = sourceHash(readFileSync(SOURCE_PATH, 'utf8'));
  if (existsSync(ARTIFACT_PATH)) {
    const artifact = JSON.parse(readFileSync(ARTIFACT_PATH, 'utf8')) as ContractArtifact;
    if (artifact.sourceHash === wanted) return artifact;
  }
  const artifact = compilePlaqueToken();
  mkdirSync(dirname(ARTIFACT_PATH), { recursive: true });
  // Written whole to a temporary name and renamed, so a concurrent reader never sees half a file.
  const temporary = `${ARTIFACT_PATH}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(artifact, null, 2)}\n`);
  renameSync(temporary, ARTIFACT_PATH);
  return artifact;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const artifact = loadPlaqueTokenArtifact();
  console.log(`${artifact.contractName} compiled with ${artifact.compiler} → ${ARTIFACT_PATH}`);
}
