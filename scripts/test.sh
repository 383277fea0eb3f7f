#!/usr/bin/env bash
# `npm test`, the README's command (docs/architecture.md#tests): Vitest beside the build and then beside
# Playwright. No Vitest file reads the build (the process tests bundle the server for themselves in
# their global setup), so the unit and integration tests start at once; the journeys wait for the build
# and the landing's JavaScript budget (no journey reads a half-written dist/). The journeys drive one
# browser and mostly wait on it and on the server (about a third of a core measured over a run), which
# leaves a core and more to the unit and integration tests; Playwright is the longest stage, so it keeps
# the normal priority and Vitest runs niced into what it leaves. Vitest's output is printed once it
# ends. Prints each stage's wall and CPU seconds; fails when any stage fails. SENDERO_TEST_SERIAL=1
# builds, then runs Vitest and Playwright one after the other instead.
set -uo pipefail
cd "$(dirname "$0")/.."

build() {
  TIMEFORMAT='stage build: %R s wall, %U s user, %S s sys'
  time npm run build || return 1
  npm run check:budget
}

if [ "${SENDERO_TEST_SERIAL:-}" = "1" ]; then
  build || exit 1
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

# A failed build or budget skips the journeys; Vitest's result is still waited for and printed.
E2E_RC=0
if build; then
  TIMEFORMAT='stage playwright: %R s wall, %U s user, %S s sys'
  time npx playwright test || E2E_RC=$?
else
  E2E_RC=1
fi

UNIT_RC=0
wait "$UNIT_PID" || UNIT_RC=$?
echo "--- vitest ---"
cat "$UNIT_LOG"
echo "vitest exit ${UNIT_RC}, build and playwright exit ${E2E_RC}"
[ "$UNIT_RC" -eq 0 ] && [ "$E2E_RC" -eq 0 ]
