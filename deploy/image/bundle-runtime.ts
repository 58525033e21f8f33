/**
 * The image's own programs as plain JavaScript (deploy/image/assemble-runtime.sh runs this after
 * copying Next's standalone output into <target>): the node:http server and its supervisor, the
 * Prisma CLI's configuration, and every command of deploy/image/entrypoint.sh (worker, migrate and
 * the tools) are compiled with esbuild, our code bundled and packages left as imports; @vercel/nft
 * then traces those imports and the files they load, which are copied into <target>/node_modules
 * beside what Next traced for the pages. No TypeScript runs in the image, so no tsx either.
 *
 *   node deploy/image/bundle-runtime.ts <target>   (from the repository root, after `next build`)
 *
 * RUNTIME_HARDLINK=1 hard-links the traced files instead of copying them (same file system; the tests).
 */
import {
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import path from "node:path";
import { nodeFileTrace } from "@vercel/nft";
import { build } from "esbuild";

/**
 * What tracing cannot see, added by hand: the Prisma CLI (`migrate` runs prisma/build/index.js as a
 * process of its own, by a path resolved at run time) with the WebAssembly schema engine it loads.
 * Its query engines and compilers serve `prisma generate` and the other databases, not migrate deploy.
 */
const BY_HAND = [
  "node_modules/prisma/package.json",
  "node_modules/prisma/build/index.js",
  "node_modules/prisma/build/schema_engine_bg.wasm",
  "node_modules/prisma/build/prisma_schema_build_bg.wasm",
];

/**
 * Not followed: Next, whose files Next's own build traced for the server (following its code would
 * add its development server, webpack and all, ~100 MB), and TypeScript, which the Prisma CLI loads
 * only for commands that write TypeScript, never for migrate deploy.
 */
const NOT_TRACED = ["node_modules/next/**", "node_modules/typescript/**"];

/**
 * Next's trace takes @prisma/client's whole runtime (~58 MB): the client generated with
 * engineType "client" loads only the query compilers of SQLite and PostgreSQL, so the query engines
 * (engineType "library") and the other databases' compilers go.
 */
const UNUSED_PRISMA_RUNTIME = /^query_(engine_bg\.|compiler_bg\.(cockroachdb|mysql|sqlserver)\.)/;

/** The entrypoint's commands (`worker)`, `a | b)`): each but `app` runs scripts/<command>. */
function entrypointCommands(): string[] {
  const entrypoint = readFileSync("deploy/image/entrypoint.sh", "utf8");
  return [...entrypoint.matchAll(/^ {2}([a-z][a-z| -]*)\)/gm)].flatMap((match) =>
    match[1]!.split("|").map((word) => word.trim()),
  );
}

/** The programs compiled with their shared code in chunks: each of scripts/ the entrypoint runs but `app`, and the server. */
function sharingEntries(): string[] {
  const scripts = entrypointCommands()
    .filter((command) => command !== "app")
    .map((command) => `scripts/${command}.ts`);
  // The tracing preload runs ahead of the server's and the worker's entry (SERVER_NODE_ARGS, the
  // entrypoint's worker): compiled beside them, sharing their chunks, so one tracing state per process.
  return ["server/index.ts", "server/tracing-preload.ts", "prisma.config.ts", ...scripts];
}

/**
 * The supervisor is compiled on its own, whole: it reads `import.meta.main` and its own folder, which
 * in a shared chunk (server/check-config.ts imports its exit code) would be the chunk's.
 */
const ALONE = "server/supervisor.ts";

/**
 * Compiles the entries into `outdir`, each to its own path with .js. Code they share goes to chunks/
 * (one copy of lib/ instead of one per tool): one folder below the root, as server/ and scripts/ are,
 * so server/apply-migrations.ts's `import.meta.dirname` + ".." is the folder's root wherever esbuild
 * puts that module.
 */
async function compile(outdir: string): Promise<string[]> {
  const options = {
    outdir,
    outbase: ".",
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node24",
    packages: "external",
    metafile: true,
    logLevel: "warning",
  } as const;
  const results = await Promise.all([
    build({ ...options, entryPoints: sharingEntries(), splitting: true, chunkNames: "chunks/[name]-[hash]" }),
    build({ ...options, entryPoints: [ALONE] }),
  ]);
  return results.flatMap((result) => Object.keys(result.metafile.outputs));
}

/** Copies (or hard-links) one file of the repository to the same relative path under `target`. */
function place(file: string, target: string, from = file) {
  const destination = path.join(target, file);
  // Already there: Next traced it for the pages (a link included, hence lstat, not exists).
  if (lstatSync(destination, { throwIfNoEntry: false })) return;
  mkdirSync(path.dirname(destination), { recursive: true });
  const stat = lstatSync(from);
  if (stat.isSymbolicLink()) symlinkSync(readlinkSync(from), destination);
  else if (stat.isFile()) (process.env.RUNTIME_HARDLINK === "1" ? linkSync : copyFileSync)(from, destination);
}

async function main(target: string) {
  // Compiled inside the repository, so tracing resolves the imports in its node_modules.
  const staging = mkdtempSync(".next/runtime-entries-");
  try {
    const outputs = await compile(staging);
    const traced = await nodeFileTrace([...outputs, ...BY_HAND.filter((file) => file.endsWith(".js"))], {
      base: process.cwd(),
      processCwd: process.cwd(),
      ignore: NOT_TRACED,
    });
    // Only packages: the guides, catalogs and migrations the code reads through process.cwd() are
    // copied whole by assemble-runtime.sh, and the staging folder's files are placed below.
    const packages = [...traced.fileList].filter((file) => file.startsWith("node_modules/"));
    for (const file of [...packages, ...BY_HAND]) place(file, target);
    for (const output of outputs) place(path.relative(staging, output), target, output);
    const runtime = path.join(target, "node_modules/@prisma/client/runtime");
    for (const file of readdirSync(runtime))
      if (UNUSED_PRISMA_RUNTIME.test(file)) rmSync(path.join(runtime, file));
    console.log(`Compiled ${outputs.length} files; traced ${packages.length} package files into ${target}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const target = process.argv[2];
  if (!target) {
    console.error("usage: node deploy/image/bundle-runtime.ts <target folder>");
    process.exit(2);
  }
  await main(path.resolve(target));
}
