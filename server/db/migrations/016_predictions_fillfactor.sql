-- Speed of settlement (issue 12): settling a pick rewrites its row (state, points, settled_at), none of them in an
-- index. With room left on the row's page PostgreSQL writes the new version there without touching the four
-- indexes (a heap-only update); with pages filled to the brim every settled pick also inserted four index entries.
ALTER TABLE predictions SET (fillfactor = 50);
