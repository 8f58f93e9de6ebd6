-- Bonus questions (issue 15, game rules "Points"): per race weekend, five categories, 5 to 20 points, open
-- until a deadline; one answer per player, changeable until then; graded exactly once by the operator.

CREATE TABLE questions (
  id uuid PRIMARY KEY,
  race_id uuid NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('ABOUT_RIDERS', 'ABOUT_MANUFACTURER', 'ABOUT_GRAN_PRIX', 'ABOUT_GURU', 'ABOUT_GENERAL')),
  points integer NOT NULL CHECK (points BETWEEN 5 AND 20),
  -- The text by language code; English ('en') always there, the fallback.
  texts jsonb NOT NULL CHECK (texts ? 'en'),
  -- ABOUT_GENERAL's choices [{ "id": "a", "text": "…" }]; empty for free-text questions.
  options jsonb NOT NULL DEFAULT '[]',
  closes_at timestamptz NOT NULL,
  -- A demo question's answer comes from the weekend's results (contract/questions.ts QuestionSource).
  source text CHECK (source IN ('POLE', 'SPRINT_WINNER', 'RACE_WINNER_MANUFACTURER', 'PODIUM_MANUFACTURERS')),
  correct_answer text,
  -- Set once, with the correct answer, in the transaction that grades every answer: grading happens once.
  graded_at timestamptz,
  created_at timestamptz NOT NULL,
  CONSTRAINT questions_graded_once CHECK ((correct_answer IS NULL) = (graded_at IS NULL)),
  CONSTRAINT questions_choice_has_options CHECK (type <> 'ABOUT_GENERAL' OR jsonb_array_length(options) >= 2)
);
CREATE INDEX questions_race_idx ON questions (race_id);
CREATE INDEX questions_closes_idx ON questions (closes_at, id);

-- One answer per player and question. `result` is WAITING until the question is graded, then CORRECT or WRONG
-- (never changed again: answers are refused after the deadline and grading comes after it).
CREATE TABLE question_answers (
  question_id uuid NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text text NOT NULL,
  option_id text,
  result text NOT NULL DEFAULT 'WAITING' CHECK (result IN ('CORRECT', 'WRONG', 'WAITING')),
  answered_at timestamptz NOT NULL,
  PRIMARY KEY (question_id, user_id)
);
CREATE INDEX question_answers_user_idx ON question_answers (user_id, question_id);
