#!/usr/bin/env bash
# Starts the machine's PostgreSQL (Debian's cluster "main" of the installed version) and creates the role and database the scale-out tests use:
#   postgres://svc:svc@127.0.0.1:5432/svc_test
# Safe to run repeatedly. Needs root (or the postgres user).
set -euo pipefail
ver=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)
[ -n "$ver" ] || { echo "PostgreSQL is not installed: apt-get install postgresql"; exit 1; }
pg_ctlcluster "$ver" main start 2>/dev/null || true
for i in $(seq 1 30); do
  su postgres -c "psql -tAc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
su postgres -c "psql -tAc \"select 1 from pg_roles where rolname='svc'\"" | grep -q 1 ||
  su postgres -c "psql -c \"create role svc login password 'svc' createdb\""
su postgres -c "psql -tAc \"select 1 from pg_database where datname='svc_test'\"" | grep -q 1 ||
  su postgres -c "psql -c 'create database svc_test owner svc'"
echo "PostgreSQL ready: postgres://svc:svc@127.0.0.1:5432/svc_test"
