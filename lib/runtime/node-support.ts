// Which Node the service runs on: Lambda runs Node 22 (nodejs22.x); locally 22 is recommended and 20 still works
// (README, "Run it"). Imported first by the local entry points (`npm start`, `npm run ops`, `npm run smoke`): the AWS
// SDK's own notice about Node 20 is eight lines on stderr from every process that makes a client, interleaved with
// the start-up steps and the commands' output, so it is turned off here and said once, in one line, by `npm start`.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The Node major version Lambda runs, and the one recommended locally. */
const RECOMMENDED_NODE_MAJOR = 22;

/** One line for a Node older than the recommended one, else null. */
export function nodeVersionNotice(version = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= RECOMMENDED_NODE_MAJOR) return null;
  return `Node ${version}: works, but Lambda runs Node ${RECOMMENDED_NODE_MAJOR} and Node ${major} is past its end of life; use Node ${RECOMMENDED_NODE_MAJOR}.`;
}
