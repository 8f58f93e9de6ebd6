-- "Why each point" after a correction says where the picked rider stood before it, beside the points: the rider's
-- 1-based place in the classification the correction replaced. NULL: the rider was not in it (or the row was
-- written before places were kept).
ALTER TABLE pick_corrections ADD COLUMN before_finished integer CHECK (before_finished >= 1);
