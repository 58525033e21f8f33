#!/usr/bin/env bash
# Assembles what the image runs into <target> (the Containerfile's build stage runs it, and
# tests/api/operations/image-runtime.test.ts starts the result outside the repository): the
# production build, the sources the node:http server and the command-line tools run through tsx,
# the migrations, the guides and the catalogs, and node_modules without dev dependencies.
# Run from the repository root after `npm install`, `npm run db:generate` and `next build`.
# RUNTIME_HARDLINK=1 hard-links node_modules instead of copying it (same file system; the tests).
set -euo pipefail
target="${1:?usage: deploy/image/assemble-runtime.sh <target folder>}"
cd "$(dirname "$0")/../.."
[ -f .next/BUILD_ID ] || { echo "No production build: run next build first." >&2; exit 1; }
[ -d lib/db/generated ] || { echo "No Prisma client: run npm run db:generate first." >&2; exit 1; }

mkdir -p "$target"
# The app: Next's production build (not its cache), and what server/index.ts and the scripts load.
cp -a package.json package-lock.json next.config.js tsconfig.json prisma.config.ts "$target/"
mkdir -p "$target/.next"
for entry in .next/*; do [ "$(basename "$entry")" = cache ] || cp -a "$entry" "$target/.next/"; done
cp -a server lib prisma messages docs deploy "$target/"
mkdir -p "$target/scripts"
cp -a scripts/*.ts scripts/backup "$target/scripts/"
rm -f "$target"/scripts/bench*.ts "$target"/scripts/fuzz.ts "$target"/scripts/demo.ts "$target"/scripts/sample-channel.ts

if [ "${RUNTIME_HARDLINK:-0}" = 1 ]; then cp -al node_modules "$target/"; else cp -a node_modules "$target/"; fi
# Dev dependencies out (test runners, linters, type definitions): npm removes them from the copy only.
(cd "$target" && npm prune --omit=dev --no-audit --no-fund --loglevel=error)
# npm keeps optional peers the dev install pulled in (vitest for better-auth, Playwright for next,
# TypeScript and type definitions for Prisma) and the linter's platform binary (an optional
# dependency of a dev dependency); nothing loads them at run time. Nor Next's compiler (SWC, ~97 MB):
# `next build` needs it, a production server does not (the runtime test starts one without it).
(cd "$target/node_modules" && rm -rf vitest @vitest playwright playwright-core @playwright typescript @types @biomejs @next/swc-*)
mkdir -p "$target/data"
echo "Runtime assembled in $target"
