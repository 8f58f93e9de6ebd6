import { eq, isNull, sql } from "drizzle-orm";
import type { LanguageCode, QuestionCategory } from "../../../contract/enums";
import { optionIds } from "../../../contract/questionRules";
import type { QuestionSource } from "../../../contract/questions";
import type { Db } from "../../db/open";
import { questions, races, raceSessions } from "../../db/schema";
import { seedId } from "../../db/seed/random";

// The demo season's bonus questions: four per round, in every language, each with a source the weekend's
// results answer (the simulator grades them through POST /admin/races/{raceId}/questions/grade). {{race}} is the
// race's name. Operators add their own with `npm run admin -- question add …`.

type Template = {
  key: string;
  type: QuestionCategory;
  points: number;
  source: QuestionSource;
  options?: string[];
  texts: Record<LanguageCode, string>;
};

export const demoTemplates: readonly Template[] = [
  {
    key: "pole",
    type: "ABOUT_GRAN_PRIX",
    points: 10,
    source: "POLE",
    texts: {
      en: "Who will take pole position at the {{race}}? (rider's full name)",
      es: "¿Quién conseguirá la pole position en el {{race}}? (nombre completo del piloto)",
      fr: "Qui décrochera la pole position au {{race}} ? (nom complet du pilote)",
      id: "Siapa yang akan meraih pole position di {{race}}? (nama lengkap pembalap)",
      zh: "谁将在{{race}}夺得杆位？（车手全名）",
      ja: "{{race}}でポールポジションを獲得するのは誰？（ライダーのフルネーム）",
      de: "Wer holt beim {{race}} die Pole-Position? (vollständiger Name des Fahrers)",
      ru: "Кто завоюет поул-позицию на {{race}}? (полное имя гонщика)",
      pt: "Quem vai conquistar a pole position no {{race}}? (nome completo do piloto)",
      el: "Ποιος θα πάρει την pole position στο {{race}}; (πλήρες όνομα αναβάτη)",
      it: "Chi conquisterà la pole position al {{race}}? (nome e cognome del pilota)",
      ko: "{{race}}에서 폴 포지션을 차지할 라이더는 누구일까요? (라이더 전체 이름)",
      ms: "Siapakah yang akan meraih pole position di {{race}}? (nama penuh pelumba)",
      th: "ใครจะคว้าโพลโพซิชันที่ {{race}}? (ชื่อเต็มของนักแข่ง)",
      vi: "Ai sẽ giành pole tại {{race}}? (họ tên đầy đủ của tay đua)",
    },
  },
  {
    key: "sprint",
    type: "ABOUT_RIDERS",
    points: 15,
    source: "SPRINT_WINNER",
    texts: {
      en: "Which rider will win the Sprint at the {{race}}? (rider's full name)",
      es: "¿Qué piloto ganará el Sprint en el {{race}}? (nombre completo del piloto)",
      fr: "Quel pilote remportera le Sprint au {{race}} ? (nom complet du pilote)",
      id: "Pembalap mana yang akan memenangi Sprint di {{race}}? (nama lengkap pembalap)",
      zh: "哪位车手将赢得{{race}}的冲刺赛？（车手全名）",
      ja: "{{race}}のスプリントで優勝するライダーは？（ライダーのフルネーム）",
      de: "Welcher Fahrer gewinnt den Sprint beim {{race}}? (vollständiger Name des Fahrers)",
      ru: "Какой гонщик выиграет спринт на {{race}}? (полное имя гонщика)",
      pt: "Que piloto vai vencer o Sprint no {{race}}? (nome completo do piloto)",
      el: "Ποιος αναβάτης θα κερδίσει το Sprint στο {{race}}; (πλήρες όνομα αναβάτη)",
      it: "Quale pilota vincerà la Sprint al {{race}}? (nome e cognome del pilota)",
      ko: "{{race}} 스프린트에서 우승할 라이더는 누구일까요? (라이더 전체 이름)",
      ms: "Pelumba manakah yang akan memenangi Sprint di {{race}}? (nama penuh pelumba)",
      th: "นักแข่งคนไหนจะชนะสปรินต์ที่ {{race}}? (ชื่อเต็มของนักแข่ง)",
      vi: "Tay đua nào sẽ thắng chặng Sprint tại {{race}}? (họ tên đầy đủ của tay đua)",
    },
  },
  {
    key: "manufacturer",
    type: "ABOUT_MANUFACTURER",
    points: 10,
    source: "RACE_WINNER_MANUFACTURER",
    texts: {
      en: "Which manufacturer will win the race at the {{race}}? (Ducati, Aprilia, KTM, Honda or Yamaha)",
      es: "¿Qué fabricante ganará la carrera del {{race}}? (Ducati, Aprilia, KTM, Honda o Yamaha)",
      fr: "Quel constructeur remportera la course du {{race}} ? (Ducati, Aprilia, KTM, Honda ou Yamaha)",
      id: "Pabrikan mana yang akan memenangi balapan di {{race}}? (Ducati, Aprilia, KTM, Honda atau Yamaha)",
      zh: "哪家厂商将赢得{{race}}的正赛？（Ducati、Aprilia、KTM、Honda 或 Yamaha）",
      ja: "{{race}}の決勝で勝つメーカーは？（Ducati、Aprilia、KTM、Honda、Yamaha のいずれか）",
      de: "Welcher Hersteller gewinnt das Rennen beim {{race}}? (Ducati, Aprilia, KTM, Honda oder Yamaha)",
      ru: "Какой производитель выиграет гонку на {{race}}? (Ducati, Aprilia, KTM, Honda или Yamaha)",
      pt: "Que fabricante vai vencer a corrida do {{race}}? (Ducati, Aprilia, KTM, Honda ou Yamaha)",
      el: "Ποιος κατασκευαστής θα κερδίσει τον αγώνα στο {{race}}; (Ducati, Aprilia, KTM, Honda ή Yamaha)",
      it: "Quale costruttore vincerà la gara del {{race}}? (Ducati, Aprilia, KTM, Honda o Yamaha)",
      ko: "{{race}} 결승에서 우승할 제조사는 어디일까요? (Ducati, Aprilia, KTM, Honda, Yamaha 중 하나)",
      ms: "Pengeluar manakah yang akan memenangi perlumbaan di {{race}}? (Ducati, Aprilia, KTM, Honda atau Yamaha)",
      th: "ผู้ผลิตรายใดจะชนะการแข่งขันที่ {{race}}? (Ducati, Aprilia, KTM, Honda หรือ Yamaha)",
      vi: "Hãng xe nào sẽ thắng cuộc đua tại {{race}}? (Ducati, Aprilia, KTM, Honda hoặc Yamaha)",
    },
  },
  {
    key: "podium",
    type: "ABOUT_GENERAL",
    points: 5,
    source: "PODIUM_MANUFACTURERS",
    options: ["1", "2", "3"],
    texts: {
      en: "How many different manufacturers will stand on the race podium at the {{race}}?",
      es: "¿Cuántos fabricantes distintos subirán al podio de la carrera en el {{race}}?",
      fr: "Combien de constructeurs différents monteront sur le podium de la course au {{race}} ?",
      id: "Berapa banyak pabrikan berbeda yang akan naik podium balapan di {{race}}?",
      zh: "{{race}}正赛领奖台上将有几家不同的厂商？",
      ja: "{{race}}の決勝表彰台に立つメーカーは何社？",
      de: "Wie viele verschiedene Hersteller stehen beim {{race}} auf dem Podium des Rennens?",
      ru: "Сколько разных производителей окажется на подиуме гонки на {{race}}?",
      pt: "Quantos fabricantes diferentes vão subir ao pódio da corrida no {{race}}?",
      el: "Πόσοι διαφορετικοί κατασκευαστές θα ανέβουν στο βάθρο του αγώνα στο {{race}};",
      it: "Quanti costruttori diversi saliranno sul podio della gara al {{race}}?",
      ko: "{{race}} 결승 시상대에 오를 서로 다른 제조사는 몇 곳일까요?",
      ms: "Berapa banyak pengeluar berbeza yang akan berdiri di podium perlumbaan di {{race}}?",
      th: "จะมีผู้ผลิตกี่รายที่ได้ขึ้นโพเดียมการแข่งขันที่ {{race}}?",
      vi: "Sẽ có bao nhiêu hãng xe khác nhau đứng trên bục podium cuộc đua tại {{race}}?",
    },
  },
];

const fill = (texts: Record<string, string>, race: string) =>
  Object.fromEntries(Object.entries(texts).map(([lng, text]) => [lng, text.replaceAll("{{race}}", race)]));

/**
 * Adds the demo questions to every round whose first session has not started (a past weekend's questions
 * could no longer be answered). Closes at the weekend's first session. Once only: nothing when any question exists.
 */
export async function seedQuestionsIfEmpty(db: Db, now: Date): Promise<number> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(questions)) as [{ count: number }];
  if (count > 0) return 0;
  const firstStart = sql<Date>`min(${raceSessions.startsAt})`.mapWith(raceSessions.startsAt);
  const weekends = await db
    .select({ id: races.id, name: races.name, firstStart })
    .from(races)
    .innerJoin(raceSessions, eq(raceSessions.raceId, races.id))
    .where(isNull(races.canceledAt))
    .groupBy(races.id, races.name)
    .having(sql`min(${raceSessions.startsAt}) > ${now.toISOString()}`);
  const rows = weekends.flatMap((w) =>
    demoTemplates.map((t) => ({
      id: seedId(`question:${w.id}:${t.key}`),
      raceId: w.id,
      type: t.type,
      points: t.points,
      texts: fill(t.texts, w.name),
      options: optionIds(t.options ?? []),
      closesAt: w.firstStart,
      source: t.source,
      createdAt: now,
    })),
  );
  if (rows.length) await db.insert(questions).values(rows).onConflictDoNothing();
  return rows.length;
}
