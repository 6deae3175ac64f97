/// A value SQLite stores: what statements bind and what rows hold.
enum SQLiteValue: Equatable, Sendable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
  case null
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByStringLiteral, ExpressibleByNilLiteral
{
  init(integerLiteral value: Int64) { self = .integer(value) }
  init(floatLiteral value: Double) { self = .real(value) }
  init(stringLiteral value: String) { self = .text(value) }
  init(nilLiteral: ()) { self = .null }
}
