/**
 * The Node.js versions the API runs on, as package.json's `engines` says: 20.19 or newer on the 20
 * line, 22.12 or newer after it. Some of the API's CommonJS dependencies `require` ES modules
 * (@fastify/static's content-disposition, light-my-request's cookie), which Node allows without a
 * flag from those versions on; an older Node fails while loading them with ERR_REQUIRE_ESM, a
 * message that names a package deep in node_modules rather than the cause.
 */
export const SUPPORTED_NODE = '^20.19.0 || >=22.12.0';

/** Why Node `version` (as `process.versions.node`, "20.19.2") cannot run the API, or null if it can. */
export function nodeVersionProblem(version: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  const supported = major === 20 ? minor >= 19 : major === 22 ? minor >= 12 : major > 22;
  if (supported) return null;
  return (
    `Solar Partner Portal needs Node.js ${SUPPORTED_NODE} (20.19 or newer, or 22.12 or newer); ` +
    `this is Node.js ${version}. Install a newer Node.js and run the command again.`
  );
}
