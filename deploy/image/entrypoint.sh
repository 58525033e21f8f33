#!/bin/sh
# The image's one entry: `app` (default) serves the portal and the API, `worker` runs the background
# workers alone (set WORKERS_IN_PROCESS=false on the app then), `migrate` applies pending migrations
# and exits (a Kubernetes Job or a compose one-shot before a rolling update). The command-line tools
# run by name with their options, e.g. `token-create --email ops@example.org` or `backup /backups/x`
# (the image has Node.js but not npm): provider-create, user-create, token-create, backup, restore,
# audit-verify, keys-rotate. Each runs compiled to JavaScript (deploy/image/bundle-runtime.ts compiles
# scripts/<command>.ts for every command below but app).
set -e
case "${1:-app}" in
  app) exec node server/supervisor.js ;;
  worker) exec node --max-old-space-size=256 --import ./server/tracing-preload.js scripts/worker.js ;;
  migrate) exec node scripts/migrate.js ;;
  provider-create | user-create | token-create | backup | restore | audit-verify | keys-rotate)
    tool="$1"
    shift
    exec node "scripts/$tool.js" "$@"
    ;;
  *)
    echo "Unknown command '$1': use app, worker, migrate, provider-create, user-create, token-create, backup, restore, audit-verify or keys-rotate." >&2
    exit 2
    ;;
esac
