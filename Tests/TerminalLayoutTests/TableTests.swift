import Testing

@testable import TerminalLayout

struct TableTests {
  let table = Table(
    columns: [.init(title: "ID", alignment: .right), .init(title: "TERM"), .init(title: "EXAMPLE")],
    rows: [
      ["1", "猫", "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"],
      ["12", "ubiquitous", "Smartphones are ubiquitous these days, found in nearly every pocket."],
    ])

  @Test func withoutAWidthEveryCellIsWhole() {
    #expect(
      table.render(bold: false) == """
        ID  TERM        EXAMPLE
         1  猫          吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。
        12  ubiquitous  Smartphones are ubiquitous these days, found in nearly every pocket.

        """)
  }

  @Test func aNarrowTerminalCutsTheWidestTextFirst() {
    let output = table.render(bold: false, width: 40)
    #expect(
      output == """
        ID  TERM        EXAMPLE
         1  猫          吾輩は猫である。名前は…
        12  ubiquitous  Smartphones are ubiquit…

        """)
    for line in output.split(separator: "\n") {
      #expect(DisplayWidth.of(String(line)) <= 40)
    }
  }

  @Test func everyTextColumnGivesWayWhenOneIsNotEnough() {
    let output = table.render(bold: false, width: 20)
    #expect(
      output == """
        ID  TERM     EXAMPLE
         1  猫       吾輩は…
        12  ubiqui…  Smartp…

        """)
    for line in output.split(separator: "\n") {
      #expect(DisplayWidth.of(String(line)) <= 20)
    }
  }

  @Test func aWideCharacterThatDoesNotFitLeavesAGap() {
    // 吾輩 and the ellipsis take five cells; は would need two more. The row pads the sixth.
    let (text, width) = Table.cut("吾輩は猫", to: 6)
    #expect(text == "吾輩…")
    #expect(width == 5)
  }

  @Test func aTableThatFitsIsUnchanged() {
    #expect(table.render(bold: false, width: 200) == table.render(bold: false))
  }

  @Test func numbersAndNarrowColumnsAreNeverCut() {
    let numbers = Table(
      columns: [.init(title: "ID", alignment: .right), .init(title: "N"), .init(title: "COUNT", alignment: .right)],
      rows: [["123456789", "abc", "987654321"]])
    #expect(numbers.render(bold: false, width: 10) == numbers.render(bold: false))
  }

  @Test func controlCharactersAreShownAsEscapes() {
    #expect(Table.singleLine("a\nb\tc\u{7}") == "a\\nb\\tc\\u{7}")
  }

  @Test func emphasisIsShownOnlyWhenBoldAndKeepsColumnsAligned() {
    var table = self.table
    table.emphasis = [0: [1: [0..<1]], 1: [1: [0..<3, 5..<7], 2: [16..<26]]]
    let (on, off) = ("\u{1B}[1;31m", "\u{1B}[0m")
    #expect(table.render(bold: false) == self.table.render(bold: false))
    #expect(
      table.render(bold: true) == """
        \u{1B}[1mID  TERM        EXAMPLE\u{1B}[0m
         1  \(on)猫\(off)          吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。
        12  \(on)ubi\(off)qu\(on)it\(off)ous  Smartphones are \(on)ubiquitous\(off) these days, found in nearly every pocket.

        """)
    // A cut cell keeps the emphasis of what is left of it.
    #expect(table.render(bold: true, width: 40).contains("Smartphones are \(on)ubiquit\(off)…"))
  }
}
