import Testing

@testable import WordFormats

struct HTMLTextTests {
  func text(_ html: String) -> String { HTMLText.text(fromHTML: html).text }

  @Test func tagsAreDroppedAndTheirTextKept() {
    #expect(
      text("<b>bold</b> and <i class=\"x\">italic</i> <span style='a>b'>styled</span>") == "bold and italic styled")
  }

  @Test func brIsALineBreakInEverySpelling() {
    #expect(text("a<br>b<BR/>c<br />d") == "a\nb\nc\nd")
    #expect(text("<br><br>x<br>") == "\n\nx\n")
  }

  @Test func blockElementsGoOnLinesOfTheirOwn() {
    // How Anki's editor writes three lines, the middle one empty.
    #expect(text("first<div>second</div><div><br></div><div>fourth</div>") == "first\nsecond\n\nfourth")
    #expect(text("<p>one</p><p>two</p>") == "one\ntwo")
    #expect(text("<ul><li>a</li><li>b</li></ul>after") == "a\nb\nafter")
    #expect(text("<div>a<br></div><div>b</div>") == "a\nb")
    #expect(text("<h1>Title</h1>text<hr>more") == "Title\ntext\nmore")
  }

  @Test func rawLineBreaksAreSpacesAsABrowserShowsThem() {
    #expect(text("one\ntwo") == "one two")
    #expect(text("<div>a</div>\n<div>b</div>\n") == "a\nb")
    #expect(text("a\r\n<br>\nb") == "a\nb")
  }

  @Test func entitiesAreDecoded() {
    #expect(text("&amp; &lt;tag&gt; &quot;q&quot; &#39;s &apos;") == "& <tag> \"q\" 's '")
    #expect(text("a&nbsp;b&#160;c&#xA0;d") == "a b c d")
    #expect(text("&#29483; &#x732B; &#X1F408;") == "猫 猫 🐈")
    #expect(text("&mdash;&hellip;&euro;") == "\u{2014}\u{2026}\u{20AC}")
  }

  @Test func whatIsNotAnEntityOrATagStaysAsWritten() {
    #expect(text("AT&T & co &unknown; &#; &#xZZ; &amp") == "AT&T & co &unknown; &#; &#xZZ; &amp")
    #expect(text("1 < 2 and 3 <4 and <b") == "1 < 2 and 3 <4 and <b")
    #expect(text("&#0; &#xD800; &#x110000;") == "\u{FFFD} \u{FFFD} \u{FFFD}")
  }

  @Test func stylesScriptsAndCommentsAreDropped() {
    #expect(text("<style>.a { color: red }</style>x<script>if (a < b) {}</script>y<!-- note -->z") == "xyz")
    #expect(text("<STYLE type=\"text/css\">p{}</Style>kept") == "kept")
    #expect(text("a<!DOCTYPE html>b") == "ab")
  }

  @Test func mediaStayAsTextAndAreReported() {
    let converted = HTMLText.text(
      fromHTML: "猫 [sound:neko.mp3]<img src=\"cat&amp;dog.jpg\"><br><img alt='x' src='b.png'/> <audio src=c.ogg>")
    #expect(converted.text == "猫 [sound:neko.mp3]cat&dog.jpg\nb.png c.ogg")
    #expect(converted.media == ["neko.mp3", "cat&dog.jpg", "b.png", "c.ogg"])
    #expect(HTMLText.text(fromHTML: "[sound:] [sound:unclosed").media == [])
    #expect(HTMLText.text(fromHTML: "<img alt=\"no source\">").media == [])
  }

  @Test func textBecomesHTMLThatShowsIt() {
    #expect(HTMLText.html(fromText: "a & b < c > d \"e\" 'f'") == "a &amp; b &lt; c &gt; d \"e\" 'f'")
    #expect(HTMLText.html(fromText: "1\n2\r\n3\r4") == "1<br>2<br>3<br>4")
    #expect(HTMLText.html(fromText: "\t 猫 🐈 ") == "\t 猫 🐈 ")
  }

  @Test func textSurvivesTheRoundTripThroughHTML() {
    for original in [
      "", " ", "a  b", "\nleading", "trailing\n\n", "<b>not bold</b>", "&amp;", "tab\there", "[sound:a.mp3]",
      "<img src=x>", "猫\n🐈‍⬛", "\u{A0}", "&#39;",
    ] {
      #expect(text(HTMLText.html(fromText: original)) == original)
    }
  }
}
