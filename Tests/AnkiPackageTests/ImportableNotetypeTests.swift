import Testing
import WordFormats

@testable import AnkiPackage

struct ImportableNotetypeTests {
  @Test func basicFieldsAreTermAndMeaning() {
    #expect(ImportableNotetype.fieldMap(["Front", "Back"]) == [.term, .meaning])
    // Basic (optional reversed card): its third field is a switch, not part of the word.
    #expect(ImportableNotetype.fieldMap(["Front", "Back", "Add Reverse"]) == [.term, .meaning, nil])
  }

  @Test func namedFieldsGoByNameInAnyCase() {
    #expect(
      ImportableNotetype.fieldMap(["Term", "Reading", "Meaning", "Example", "Note"])
        == [.term, .reading, .meaning, .example, .note])
    #expect(ImportableNotetype.fieldMap(["meaning", "TERM", "example"]) == [.meaning, .term, .example])
  }

  @Test func unnamedFieldsFillTermThenMeaningAndTheRestAreDropped() {
    #expect(ImportableNotetype.fieldMap(["Wort", "Bedeutung", "Extra"]) == [.term, .meaning, nil])
    #expect(ImportableNotetype.fieldMap(["Wort", "Term"]) == [nil, .term])
    #expect(ImportableNotetype.fieldMap(["Back", "Wort"]) == [.meaning, nil])
    #expect(ImportableNotetype.fieldMap(["Note", "Note"]) == [.note, nil])
  }

  @Test func onlyBasicAndVocabNotetypesAreImported() {
    let front = ["Front", "Back"]
    #expect(ImportableNotetype.fieldMap(name: "Basic", fieldNames: front, isCloze: false, stockKind: 0) != nil)
    #expect(ImportableNotetype.fieldMap(name: "Einfach", fieldNames: front, isCloze: false, stockKind: 2) != nil)
    #expect(ImportableNotetype.fieldMap(name: "vocab", fieldNames: front, isCloze: false, stockKind: 0) != nil)
    #expect(ImportableNotetype.fieldMap(name: "Vocab", fieldNames: front, isCloze: false, stockKind: 0) != nil)
    #expect(ImportableNotetype.fieldMap(name: "Cloze", fieldNames: front, isCloze: true, stockKind: 5) == nil)
    #expect(ImportableNotetype.fieldMap(name: "Basic", fieldNames: front, isCloze: true, stockKind: 0) == nil)
    #expect(ImportableNotetype.fieldMap(name: "Mine", fieldNames: front, isCloze: false, stockKind: 0) == nil)
    #expect(ImportableNotetype.fieldMap(name: "Occlusion", fieldNames: front, isCloze: false, stockKind: 6) == nil)
  }

  @Test func protobufVarintsReadsTopLevelNumbersAndSkipsTheRest() {
    // Field 1 = 1, field 3 = "ab" (skipped), field 9 = 300, then a field cut short.
    let bytes: [UInt8] = [0x08, 0x01, 0x1A, 0x02, 0x61, 0x62, 0x48, 0xAC, 0x02, 0x50]
    let numbers = ProtobufVarints(bytes)
    #expect(numbers[1] == 1)
    #expect(numbers[9] == 300)
    #expect(numbers[3] == nil)
    #expect(ProtobufVarints([0x1A, 0xFF]).isEmptyForTests)
  }
}

extension ProtobufVarints {
  var isEmptyForTests: Bool { (0..<16).allSatisfy { self[$0] == nil } }
}
