#!/usr/bin/env bash
# `npm test`, the README's command (docs/architecture.md#tests): the build the journeys run against and
# the landing's JavaScript budget first (no test reads a half-written dist/), then Vitest beside
# Playwright. The journeys drive one browser and mostly wait on it and on the server (about a third of a
# core measured over a run), which leaves a core and more to the unit and integration tests; Playwright
# is the longest stage, so it keeps the normal priority and Vitest runs niced into what it leaves.
# Vitest's output is printed once it ends. Prints each stage's wall and CPU seconds; fails when any
# stage fails. SENDERO_TEST_SERIAL=1 runs Vitest first and Playwright after it instead.
set -uo pipefail
cd "$(dirname "$0")/.."

TIMEFORMAT='stage build: %R s wall, %U s user, %S s sys'
time npm run build || exit 1
npm run check:budget || exit 1

if [ "${SENDERO_TEST_SERIAL:-}" = "1" ]; then
  TIMEFORMAT='stage vitest: %R s wall, %U s user, %S s sys'
  time npx vitest run || exit 1
  TIMEFORMAT='stage playwright: %R s wall, %U s user, %S s sys'
  time npx playwright test
  exit $?
fi

UNIT_LOG="$(mktemp)"
trap 'rm -f "$UNIT_LOG"' EXIT
(
  TIMEFORMAT='stage vitest: %R s wall, %U s user, %S s sys'
  time nice -n 10 npx vitest run
) >"$UNIT_LOG" 2>&1 &
UNIT_PID=$!

TIMEFORMAT='stage playwright: %R s wall, %U s user, %S s sys'
E2E_RC=0
time npx playwright test || E2E_RC=$?

UNIT_RC=0
wait "$UNIT_PID" || UNIT_RC=$?
echo "--- vitest ---"
cat "$UNIT_LOG"
echo "vitest exit ${UNIT_RC}, playwright exit ${E2E_RC}"
[ "$UNIT_RC" -eq 0 ] && [ "$E2E_RC" -eq 0 ]
