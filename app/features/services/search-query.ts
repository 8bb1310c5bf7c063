/**
 * What the search box text becomes: the text-search queries of the catalogue's list condition
 * (catalogue.server.ts, listServices; ADR 008).
 */

/** What a search box text becomes: the two text-search queries of the list condition. */
export interface SearchTerms {
  /**
   * For `to_tsquery('german', …)`: every word must match in one of its forms or as a prefix —
   * German compounds start with the word ("Steuer" finds "Steuerberatung"). Stop words drop out.
   * Text that joins words with other characters ("2.1", "SEO-Texte", "Englisch–Deutsch") also
   * matches the way PostgreSQL's parser reads it in the documents, as one token or a compound.
   */
  query: string;
  /**
   * For `to_tsquery('german_prefix', …)` (migration 0004: German stemming without stop words):
   * the prefix of a one-word search, which may be half-typed — "über" finds "Übersetzung" and
   * "die" finds "Dienstleistung" although 'german' drops both words, and two letters already
   * count ("We" finds "Webseite"). In a longer search the words go through 'german' only: a stop
   * word there drops out (it is taken as complete), and words under three letters get no prefix.
   */
  prefix: string | null;
}

/**
 * The stop words of PostgreSQL's 'german' configuration (share/tsearch_data/german.stop, the same
 * in PGlite): `to_tsquery` drops them, but not the shortened forms wordVariants would add ("ohne"
 * → "ohn", "werden" → "werd"), which then had to match and found nothing.
 */
export const GERMAN_STOP_WORDS: ReadonlySet<string> = new Set(
  `
  aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes
  anderm andern anderr anders auch auf aus bei bin bis bist da damit dann der den des dem die das
  daß derselbe derselben denselben desselben demselben dieselbe dieselben dasselbe dazu dein
  deine deinem deinen deiner deines denn derer dessen dich dir du dies diese diesem diesen dieser
  dieses doch dort durch ein eine einem einen einer eines einig einige einigem einigen einiger
  einiges einmal er ihn ihm es etwas euer eure eurem euren eurer eures für gegen gewesen hab habe
  haben hat hatte hatten hier hin hinter ich mich mir ihr ihre ihrem ihren ihrer ihres euch im in
  indem ins ist jede jedem jeden jeder jedes jene jenem jenen jener jenes jetzt kann kein keine
  keinem keinen keiner keines können könnte machen man manche manchem manchen mancher manches
  mein meine meinem meinen meiner meines mit muss musste nach nicht nichts noch nun nur ob oder
  ohne sehr sein seine seinem seinen seiner seines selbst sich sie ihnen sind so solche solchem
  solchen solcher solches soll sollte sondern sonst über um und uns unse unsem unsen unser unses
  unter viel vom von vor während war waren warst was weg weil weiter welche welchem welchen
  welcher welches wenn werde werden wie wieder will wir wird wirst wo wollen wollte würde würden
  zu zum zur zwar zwischen
`
    .trim()
    .split(/\s+/),
);

/**
 * German plural and case endings that the snowball stemmer keeps ("Logos"
 * stays "logos"): each search word also matches its forms without them.
 */
function wordVariants(word: string): string[] {
  const variants = new Set([word]);
  if (GERMAN_STOP_WORDS.has(word)) return [...variants];
  for (const ending of ["s", "es", "e", "en", "n", "er"]) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) variants.add(word.slice(0, -ending.length));
  }
  return [...variants];
}

const LETTERS_OR_DIGITS = /[\p{L}\p{N}]+/gu;

/**
 * A piece of search text for `to_tsquery`, which runs it through the same parser (and dictionaries)
 * as the documents: a bare word, or anything else quoted, so that no character of it is query syntax.
 */
function operand(text: string): string {
  return /^[\p{L}\p{N}]+$/u.test(text) ? text : `'${text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/** A plain word: one of its forms, or (`withPrefix`, from three letters) any word it starts. */
function wordTerm(word: string, withPrefix: boolean): string {
  const forms = wordVariants(word);
  if (withPrefix && word.length >= 3) forms.push(`${word}:*`);
  return `(${forms.join(" | ")})`;
}

/**
 * The search terms for what a person typed, or null when nothing searchable is left.
 *
 * The text is cut at spaces only, and each piece reaches `to_tsquery` whole (quoted where it is
 * not a plain word), so PostgreSQL's parser reads it as it read the documents: "2.1" stays the
 * number '2.1' and "Barrierefreiheits-Check" the compound with its parts — cut at every
 * non-letter, the pieces "2" and "1" matched nothing. A piece that joins several words also
 * matches them one by one, as before, so "Logo-Designs" still finds "Logo-Design" and
 * "SEO-Texte" a text about "SEO" and "Texte". A slash separates words, in the documents as well
 * (migration 0006): the parser would read "UI/UX" as one file-path token.
 */
export function searchQuery(input: string, widen?: ReadonlyMap<string, readonly string[]>): SearchTerms | null {
  const pieces = searchPieces(input);
  if (pieces.length === 0) return null;
  const only = pieces.length === 1 ? pieces[0]! : null;
  // The prefix of a compound is a prefix of each of its parts: only from two letters each (a
  // one-letter prefix would read the index entries of a good part of the vocabulary).
  const prefix = only && only.words.every((word) => word.length >= 2) ? `${operand(only.piece)}:*` : null;
  const query = pieces
    .map(({ piece, words }) => {
      // The one-word prefix is in `prefix`; the same prefix twice would double the planner's
      // estimate of the matches and can turn the count into a sequential scan.
      if (words.length === 1) {
        // A forgiving search (forgiving-search.server.ts) also takes the known words near this one.
        const near = widen?.get(piece) ?? [];
        const term = wordTerm(piece, !prefix);
        return near.length ? `(${term.slice(1, -1)} | ${near.map(operand).join(" | ")})` : term;
      }
      return `(${operand(piece)} | (${words.map((word) => wordTerm(word, true)).join(" & ")}))`;
    })
    .join(" & ");
  return { query, prefix };
}

/**
 * The plain words of a search text (lower case, letters and digits only, each a piece of its own):
 * what the forgiving search may widen and "Meinten Sie …?" may correct.
 */
export function plainSearchWords(input: string): string[] {
  return searchPieces(input)
    .filter(({ words }) => words.length === 1)
    .map(({ piece }) => piece);
}

function searchPieces(input: string): { piece: string; words: string[] }[] {
  return input
    .toLowerCase()
    // Control characters (a NUL byte is not even valid text for PostgreSQL) and slashes separate.
    .replace(/[\p{Cc}\p{Cs}/]/gu, " ")
    .split(/\s+/u)
    .map((piece) => Array.from(piece).slice(0, 40).join(""))
    .map((piece) => ({ piece, words: piece.match(LETTERS_OR_DIGITS) ?? [] }))
    .filter(({ words }) => words.length > 0)
    .slice(0, 8)
    // A piece with one word ("Logos,", "(A2") is that word; the parser reads the rest as blanks.
    .map(({ piece, words }) => (words.length === 1 ? { piece: words[0]!, words } : { piece, words }));
}
