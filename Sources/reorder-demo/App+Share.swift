import Foundation
import ReorderKit
import ReorderKitSDL
import ReorderTool

#if Sharing
  import ReorderKitShare

  /// The app's side of `--share`: the link, and what it waits for.
  struct ShareSession {
    let link: BoardShare
    var connection: SharedBoardConnection?
    var unsent = 0
    /// Others' commits not yet shown in a `remote` line.
    var remoteCount = 0
    /// The board must be read again (something arrived), and whether a read is on its way.
    var wantRead = false
    var reading = false
    /// Something arrived after the read on its way was asked for.
    var dirtySinceRequest = false
  }

  extension App {
    /// Opens `--share`'s board before the window exists: a URL that is not PostgreSQL's, or an
    /// outbox that cannot be opened, ends the app with one line (exit 2).
    static func openShare(_ options: Options) -> BoardShare? {
      guard let url = options.share else {
        if options.tokenFile != nil || options.trust != nil {
          warn(
            "reorder-demo: \(options.tokenFile != nil ? "--token-file" : "--trust"): it goes with --share http(s)://host:port/boards/B"
          )
          exit(2)
        }
        return nil
      }
      do {
        if url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") {
          guard let path = options.tokenFile else {
            warn("reorder-demo: --share \(url): give your token with --token-file FILE")
            exit(2)
          }
          return try BoardShare(
            link: url, token: readToken(path), outboxPath: options.resolvedStatePath + ".shared.sqlite",
            trust: options.trust)
        }
        // Straight to PostgreSQL: only a server's own tests on this machine; people share through
        // reorder-server, and never hold the database's password.
        guard isLoopback(url) else {
          warn(
            "reorder-demo: --share: a board is shared through reorder-server: --share https://host:port/boards/B --token-file FILE (a postgresql:// URL is for a server on this machine only)"
          )
          exit(2)
        }
        // A board of `--items N` cards is a board of its own on the server.
        return try BoardShare(
          url: url, board: options.items.map { "reorder-demo-\($0)" } ?? "reorder-demo",
          outboxPath: options.resolvedStatePath + ".shared.sqlite")
      } catch {
        warn("reorder-demo: --share: \(error)")
        exit(2)
      }
    }

    /// Whether a URL names this machine (127.0.0.0/8, ::1, localhost).
    static func isLoopback(_ url: String) -> Bool {
      guard let host = URLComponents(string: url)?.host?.lowercased() else { return false }
      return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// The token in `--token-file`: the file's one line, without surrounding white space; an
    /// unreadable or empty file ends the app with one line (never the token itself).
    static func readToken(_ path: String) -> String {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        warn("reorder-demo: --token-file \(path): cannot be read")
        exit(2)
      }
      let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
        warn("reorder-demo: --token-file \(path): holds no token (one line, as reorder-server token create prints it)")
        exit(2)
      }
      return token
    }

    /// Connects the shared board (creating it on the server with the built-in cards if it is not
    /// there) and returns the board to start from, warning once on stderr when the server cannot be
    /// reached (the app then works offline from its last copy).
    static func startShare(_ link: BoardShare, cards: Int?) -> Snapshot<String, String> {
      if let warning = link.start(seed: BoardScene.initialSnapshot(cards: cards), timeout: .seconds(5)) {
        warn(warning)
      }
      return link.currentState().snapshot
    }

    /// Hands the board's committed changes to the shared board: cards moved (within and across
    /// columns, undone and redone), and columns moved by their headers.
    func shareBoardEvents(_ events: [BoardScene.Engine.Event]) {
      guard let share, let board else { return }
      var columns: [String] = []
      for event in events {
        switch event {
        case .view(_, .changed(.placeholderMoved)), .view(_, .changed(.replaced)): break
        case .view(_, .changed(let change)): share.link.send(.change(change))
        case .columnMoved(let id, _, _) where !columns.contains(id): columns.append(id)
        default: break
        }
      }
      for id in columns {
        guard let i = board.index(of: id) else { continue }
        share.link.send(.moveColumn(id, before: i + 1 < board.columns.count ? board.columns[i + 1].id : nil))
      }
    }

    /// Each frame: others' commits and lost races shown, the connection in the caption and the report.
    func pollShare(time: Double) {
      guard var share else { return }
      let drained = share.link.drain()
      share.unsent = drained.unsent
      for error in drained.errors {
        caption = "Not shared: \(error)"
        warn("reorder-demo: warning: a move was not shared: \(error)")
        // The board shows the shared state again, without the move.
        share.wantRead = true
        share.dirtySinceRequest = true
      }
      if drained.reload {
        share.wantRead = true
        share.dirtySinceRequest = true
      }
      for event in drained.events {
        switch event {
        case .remote:
          share.remoteCount += 1
          share.wantRead = true
          share.dirtySinceRequest = true
        case .lostRace(let race):
          caption = race.announcement
          report.emit(.object(["event": "announcement", "scene": "board", "text": .string(race.announcement)]))
          share.wantRead = true
          share.dirtySinceRequest = true
        case .refused(let refused):
          caption = refused.announcement
          report.emit(
            .object([
              "event": "rejected", "scene": "board", "gesture": .string(refused.gesture),
              "reason": .string(refused.reason),
            ]))
          share.wantRead = true
          share.dirtySinceRequest = true
        case .connection(let state, let announcement):
          share.connection = state
          // Offline, the caption's right end counts the waiting moves; the line says what happens.
          caption =
            state == .online || announcement.hasPrefix("The server refused")
            ? announcement : "Offline: moves wait until the server is back."
          report.emit(.object(["event": "connection", "state": .string(state == .online ? "online" : "offline")]))
          if state == .online {
            share.wantRead = true
            share.dirtySinceRequest = true
          }
        }
      }
      if let read = drained.read {
        share.reading = false
        // Shown only if it includes every change handed over (else a newer read follows).
        if read.generation == share.link.generation, showShared(read.state, time: time) {
          if !share.dirtySinceRequest {
            share.wantRead = false
            if share.remoteCount > 0 {
              share.remoteCount = 0
              report.emit(
                .object(["event": "remote", "scene": "board", "views": Self.viewsJSON(read.state.snapshot)]))
            }
          }
        } else {
          share.wantRead = true
        }
      }
      if share.wantRead, !share.reading {
        share.reading = true
        share.dirtySinceRequest = false
        share.link.requestRead()
      }
      self.share = share
    }

    /// Shows the shared board: each column's new data through
    /// ``Board/apply(_:toView:itemSizes:contentChanged:sectionContentChanged:time:)`` (a drag in
    /// progress goes on; a column whose count changed fades its badge in), or, when the columns
    /// themselves changed, the board built again (waiting for a drag to end). Returns whether it
    /// was shown.
    func showShared(_ state: BoardState, time: Double) -> Bool {
      guard let boardIndex, var engine = board else { return false }
      let snapshot = state.snapshot
      if snapshot.sections.map(\.id) != engine.columns.map(\.id) {
        guard !engine.isDragging, engine.movingColumn == nil else { return false }
        engine = BoardScene.makeBoard(
          snapshot, area: boardPane.frame, doingLimit: (scenes[boardIndex] as? BoardScene)?.doingLimit)
      } else {
        for section in snapshot.sections {
          guard let column = engine.column(section.id), column.view.snapshot.items(inSection: 0) != section.items
          else { continue }
          var data = Snapshot<String, String>()
          try? data.appendSection(section.id, items: section.items)
          let sizes = Dictionary(uniqueKeysWithValues: section.items.map { ($0, BoardScene.cardSize(of: $0)) })
          // Another client's commit: a column whose count changed shows its new badge in place.
          let counted = column.view.snapshot.items(inSection: 0).count != section.items.count
          try? engine.apply(
            data, toView: section.id, itemSizes: sizes, sectionContentChanged: { _ in counted }, time: time)
        }
      }
      board = engine
      if !engine.isDragging {
        setSavedColumns(of: engine)
        store.record(scenes[boardIndex], moves: [], expanded: [], reporting: false)
      }
      return true
    }

    /// The connection as the caption's right end shows it, e.g. "Shared · connected".
    var shareStatus: String? {
      guard let share else { return nil }
      let moves = share.unsent == 1 ? "1 move" : "\(share.unsent) moves"
      switch share.connection {
      case .online?: return share.unsent == 0 ? "Shared · connected" : "Shared · sending \(moves)"
      case .offline?: return share.unsent == 0 ? "Offline · reconnecting" : "Offline · \(moves) waiting"
      case nil: return share.unsent == 0 ? "Shared · connecting" : "Connecting · \(moves) waiting"
      }
    }

    /// Stops sharing at exit (unsent moves stay in the outbox for the next run).
    func closeShare() { share?.link.close() }

    /// A board as the report's `views`: the columns in order, each one section of its cards.
    static func viewsJSON(_ snapshot: Snapshot<String, String>) -> JSONValue {
      .array(
        snapshot.sections.map { section in
          .object([
            "id": .string(section.id),
            "sections": [.object(["id": .string(section.id), "items": .array(section.items.map(JSONValue.string))])],
          ])
        })
    }
  }
#else
  /// A build without the `Sharing` trait (`make demo`'s) has no `--share`: it says in one line how to
  /// get one and exits; nothing else of the app changes.
  struct ShareSession {}

  extension App {
    static func refuseShare(_ options: Options) {
      guard options.share != nil else { return }
      warn(
        "reorder-demo: --share: this build has no sharing; build one with `swift build --traits Sharing --product reorder-demo`"
      )
      exit(2)
    }
    func shareBoardEvents(_ events: [BoardScene.Engine.Event]) {}
    func pollShare(time: Double) {}
    var shareStatus: String? { nil }
    func closeShare() {}
  }
#endif
