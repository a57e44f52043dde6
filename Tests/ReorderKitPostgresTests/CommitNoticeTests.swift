import Testing

@testable import ReorderKitPostgres
@testable import ReorderKitShare

@Suite("Shared board: the commit a NOTIFY carries")
struct CommitNoticeTests {
  @Test func aWholeCommitIsReadAsTheLogHasIt() throws {
    let payload =
      #"my board 8 {"client" : "a-1", "gesture" : "g", "at" : 1764064800.25, "#
      + #""rows" : [["c 1","todo","a0x",3,false],["c2","","b",1,true]]}"#
    let notice = CommitNotice(payload, board: "my board")
    let writes = [
      RowWrite(id: "c 1", parent: "todo", key: "a0x", expected: 2, deleted: false),
      RowWrite(id: "c2", parent: "", key: "b", expected: 0, deleted: true),
    ]
    #expect(
      notice
        == .commit(
          LoggedCommit(revision: 8, client: "a-1", gesture: "g", committedAt: 1_764_064_800.25, writes: writes)))
  }

  @Test func aHeaderAloneOrABodyThatCannotBeReadIsOnlyTheRevision() {
    #expect(CommitNotice("b 12", board: "b") == .revision(12))
    #expect(
      CommitNotice(#"b 12 {"client":"a","gesture":"g","at":1,"rows":[["c1","t","k",0,false]]}"#, board: "b")
        == .revision(12))
    #expect(
      CommitNotice(#"b 12 {"client":"a","gesture":"g","at":1,"rows":[["c1","t","k",2]]}"#, board: "b") == .revision(12))
    #expect(CommitNotice(#"b 12 {"client":"a","gesture":"g","at":1,"rows":[]}"#, board: "b") == .revision(12))
    #expect(CommitNotice("b 12 {", board: "b") == .revision(12))
  }

  @Test func aHeaderWithoutARevisionIsUnreadableAndOtherBoardsAreNotOurs() {
    #expect(CommitNotice("b twelve", board: "b") == .unreadable)
    #expect(CommitNotice("b ", board: "b") == .unreadable)
    #expect(CommitNotice("b -3", board: "b") == .unreadable)
    #expect(CommitNotice("b 12", board: "b 1") == nil)
    #expect(CommitNotice("bb 12", board: "b") == nil)
    #expect(CommitNotice("", board: "b") == nil)
  }
}
