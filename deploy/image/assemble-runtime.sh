#!/usr/bin/env bash
# Assembles what the image runs into <target> (the Containerfile's build stage runs it, and
# tests/api/operations/image-runtime.test.ts starts the result outside the repository): Next's
# standalone output (the production build and the package files its pages load), the server, the
# worker and the command-line tools compiled to JavaScript with the package files they load
# (deploy/image/bundle-runtime.ts), the migrations, the guides and the catalogs. No TypeScript
# source, no tsx, no dev dependency.
# Run from the repository root after `npm install`, `npm run db:generate` and `next build`.
# RUNTIME_HARDLINK=1 hard-links files instead of copying them (same file system; the tests).
set -euo pipefail
target="${1:?usage: deploy/image/assemble-runtime.sh <target folder>}"
cd "$(dirname "$0")/../.."
[ -f .next/standalone/.next/BUILD_ID ] || { echo "No standalone build: run next build (output: standalone) first." >&2; exit 1; }
[ -d lib/db/generated ] || { echo "No Prisma client: run npm run db:generate first." >&2; exit 1; }
copy() { if [ "${RUNTIME_HARDLINK:-0}" = 1 ]; then cp -al "$@"; else cp -a "$@"; fi; }

mkdir -p "$target"
# Of the standalone output, the build and the packages only: Next's own server.js is replaced by
# server/index.js, and any project file its tracing took along is copied below, named.
copy .next/standalone/.next .next/standalone/node_modules .next/standalone/package.json "$target/"
# The browser's files, which Next leaves to the deployment to copy.
copy .next/static "$target/.next/"
[ ! -d public ] || copy public "$target/"
node deploy/image/bundle-runtime.ts "$target"

# What the code reads from its working folder at run time (the schemas and migrations are the migrate
# CLI's; its configuration is compiled), and the CLI's preload.
mkdir -p "$target/server" "$target/deploy/image"
copy prisma messages docs "$target/"
rm "$target/prisma/migration-adapter.ts"
copy server/cli-exit-preload.cjs "$target/server/"
copy deploy/image/entrypoint.sh "$target/deploy/image/"
mkdir -p "$target/data"
echo "Runtime assembled in $target"
