#!/usr/bin/env bash
# The balanced pair on one machine: two instances of the built product on one PostgreSQL and one Redis, behind
# HAProxy on :3000 (deploy/haproxy.cfg). For a rehearsal or a bench; in production each part runs on its own host
# with the same settings. Needs `npm run build` first, PostgreSQL and Redis running, and haproxy installed.
#
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/paddock REDIS_URL=redis://127.0.0.1:6379 deploy/pair.sh
#
# Ctrl-C stops all three. Instances log to this terminal.
set -euo pipefail
cd "$(dirname "$0")/.."

: "${DATABASE_URL:?set DATABASE_URL to the shared PostgreSQL}"
: "${REDIS_URL:=redis://127.0.0.1:6379}"
# One set of secrets for both instances: a token signed by one must be accepted by the other.
SECRETS="${PAIR_SECRETS:-./data-pair/secrets.env}"
mkdir -p "$(dirname "$SECRETS")"
if [ ! -f "$SECRETS" ]; then
  umask 077
  {
    echo "JWT_ACCESS_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')"
    echo "JWT_REFRESH_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')"
    echo "ADMIN_TOKEN=$(node -e 'console.log(require("crypto").randomBytes(24).toString("hex"))')"
  } > "$SECRETS"
fi
set -a
# shellcheck disable=SC1090
. "$SECRETS"
set +a
export DATABASE_URL REDIS_URL TRUST_PROXY=1 PUBLIC_URL="${PUBLIC_URL:-http://localhost:3000}"

pids=()
stop() { kill "${pids[@]}" 2>/dev/null || true; wait || true; }
trap stop EXIT INT TERM

# The first instance alone until it is ready: on an empty database it imports the demo season, which a second
# instance starting at the same moment would try to import too.
for port in 3001 3002; do
  # What `npm start` runs, without npm between: a signal reaches the server itself.
  PORT=$port DATA_DIR="./data-pair/$port" node --max-semi-space-size=32 --import tsx scripts/start.ts &
  pids+=($!)
  until curl -fsS "http://127.0.0.1:$port/api/health/ready" > /dev/null 2>&1; do
    kill -0 "${pids[-1]}" 2>/dev/null || { echo "the instance on :$port did not start" >&2; exit 1; }
    sleep 1
  done
done
haproxy -db -f deploy/haproxy.cfg &
pids+=($!)
echo "The pair: http://localhost:3000 (instances on :3001 and :3002; admin token in $SECRETS)"
# The balancer is what runs the pair: an instance that dies (kill -9, for a failover rehearsal) is routed around
# and may be started again by hand with the same settings.
wait "${pids[-1]}"
