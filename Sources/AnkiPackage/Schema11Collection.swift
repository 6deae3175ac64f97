import Foundation
import WordFormats

/// The collection a written package holds: Anki's schema 11, which every Anki since 2.0 reads (newer ones
/// upgrade it on import). Note types, decks and settings are JSON in the one `col` row.
enum Schema11Collection {
  static let tables = """
    CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
      ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
      models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
    CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
      usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
      flags integer NOT NULL, data text NOT NULL);
    CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
      mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL,
      due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL,
      lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
      flags integer NOT NULL, data text NOT NULL);
    CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
      ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
      type integer NOT NULL);
    CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
    CREATE INDEX ix_notes_usn ON notes (usn);
    CREATE INDEX ix_cards_usn ON cards (usn);
    CREATE INDEX ix_revlog_usn ON revlog (usn);
    CREATE INDEX ix_cards_nid ON cards (nid);
    CREATE INDEX ix_cards_sched ON cards (did, queue, due);
    CREATE INDEX ix_revlog_cid ON revlog (cid);
    CREATE INDEX ix_notes_csum ON notes (csum);
    """

  static let insertNote = "INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')"
  /// A new card (type and queue 0), due in the order the words came.
  static let insertCard = "INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')"
  static let insertCol = "INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')"

  /// vocab's note type as schema 11 JSON.
  static func notetype(deck: Int64) -> [String: Any] {
    [
      "id": VocabNotetype.id, "name": VocabNoteType.name, "type": 0, "mod": VocabNotetype.modified, "usn": -1,
      "sortf": 0, "did": deck, "css": VocabNotetype.css, "latexPre": "", "latexPost": "", "latexsvg": false,
      "tags": [String](), "vers": [Int](),
      "flds": VocabNoteType.fieldNames.enumerated().map { ord, name in
        [
          "name": name, "ord": ord, "sticky": false, "rtl": false, "font": "Arial", "size": 20,
          "description": "", "media": [String](),
        ] as [String: Any]
      },
      "tmpls": [
        [
          "name": "Recognition", "ord": 0, "qfmt": VocabNotetype.front, "afmt": VocabNotetype.back,
          "bqfmt": "", "bafmt": "", "did": NSNull(), "bfont": "", "bsize": 0,
        ] as [String: Any]
      ],
      // The card exists when the term (field 0) is not empty.
      "req": [[0, "any", [0]]],
    ]
  }

  static func deck(id: Int64, name: String, modified: Int64) -> [String: Any] {
    [
      "id": id, "name": name, "mod": modified, "usn": -1, "lrnToday": [0, 0], "revToday": [0, 0],
      "newToday": [0, 0], "timeToday": [0, 0], "collapsed": false, "browserCollapsed": false, "desc": "",
      "dyn": 0, "conf": 1, "extendNew": 0, "extendRev": 0,
    ]
  }

  static func settings(nextPosition: Int, deck: Int64) -> [String: Any] {
    [
      "nextPos": nextPosition, "schedVer": 2, "curDeck": deck, "activeDecks": [deck], "curModel": VocabNotetype.id,
      "addToCur": true, "sortType": "noteFld", "sortBackwards": false,
    ]
  }

  static func json(_ object: [String: Any]) throws -> String {
    do {
      return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    } catch {
      throw AnkiPackageError.cannotWrite("\(error)")
    }
  }
}
