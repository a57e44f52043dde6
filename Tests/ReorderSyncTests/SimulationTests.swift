import Testing

@testable import ReorderSync

/// Seeded random runs of 2–8 clients against the reference server (``Simulation``). A failure
/// names its seed: `Simulation(seed: S).run(steps: 60)` repeats it.
@Suite struct SimulationTests {
  static let runs = 10_000
  static let chunks = 20

  @Test(arguments: 0..<chunks) func seededRuns(_ chunk: Int) {
    let per = Self.runs / Self.chunks
    for n in 0..<per {
      let seed = UInt64(chunk * per + n)
      var simulation = Simulation(seed: seed)
      if let failure = simulation.run(steps: 60) {
        Issue.record("\(failure)")
        return
      }
    }
  }

  /// The runs do what they claim: moves committed, refused and lost, commits rate-limited, acks
  /// lost to cuts and replayed, welcomes that reset.
  @Test func theRunsReachEveryAnswer() {
    var committed = 0
    var lost = 0
    var refused = 0
    var server = (rateLimited: 0, replays: 0, resets: 0)
    for seed in 0..<200 {
      var simulation = Simulation(seed: UInt64(seed))
      #expect(simulation.run(steps: 60) == nil)
      server.rateLimited += simulation.server.counts.rateLimited
      server.replays += simulation.server.counts.replays
      server.resets += simulation.server.counts.resets
      for client in simulation.clients {
        for outcome in client.outcomes.values.flatMap({ $0 }) {
          switch outcome {
          case .committed: committed += 1
          case .lost: lost += 1
          case .refused: refused += 1
          }
        }
      }
    }
    #expect(committed > 1000 && lost > 0 && refused > 0, "committed \(committed), lost \(lost), refused \(refused)")
    #expect(server.rateLimited > 100 && server.replays > 0 && server.resets > 0, "\(server)")
  }
}
