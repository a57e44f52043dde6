import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The transport of a ``LoadClient``: one WebSocket connection to the board's live endpoint through
/// NIO's typed WebSocket client upgrader, frames in and out, nothing decided here. A connection
/// lives on its client's event loop, so that its frames, its timers and its writes are in order.
///
/// No `Origin` header is sent (a client that is not a browser; the server allows it), and the
/// client answers the server's pings and reads its pongs (``LoadClient/heard(attempt:)``).
enum LoadSocket {
  /// Opens `ws://host:port` + `path` on `loop` for the client's attempt: ``LoadClient/opened(attempt:channel:)``
  /// once upgraded, then each frame to the client, then ``LoadClient/ended(attempt:error:)`` once, when
  /// the channel closes or the attempt fails (a refused connect, a timeout, an answer that is not 101).
  static func open(
    _ client: LoadClient, attempt: Int, on loop: any EventLoop, host: String, port: Int, path: String,
    timeoutMs: Int64
  ) {
    ClientBootstrap(group: loop)
      .connectTimeout(.milliseconds(timeoutMs))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let upgrader = NIOTypedWebSocketClientUpgrader<Bool>(maxFrameSize: 1 << 22) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
              let sync = channel.pipeline.syncOperations
              try sync.addHandler(
                NIOWebSocketFrameAggregator(
                  minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 12, maxAccumulatedFrameSize: 1 << 22))
              try sync.addHandler(LiveFrames(client: client, attempt: attempt))
              return true
            }
          }
          var headers = HTTPHeaders()
          headers.add(name: "Host", value: "\(host):\(port)")
          headers.add(name: "Content-Length", value: "0")
          let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
          let upgrade = NIOTypedHTTPClientUpgradeConfiguration<Bool>(
            upgradeRequestHead: head, upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(false) })
          let upgraded = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
            configuration: .init(upgradeConfiguration: upgrade))
          // Written to only once upgraded: the HTTP handlers are gone by then.
          upgraded.whenComplete { result in
            guard case .success(true) = result else { return channel.close(promise: nil) }
            client.opened(attempt: attempt, channel: channel)
          }
        }
      }
      .connect(host: host, port: port)
      .whenComplete { result in
        switch result {
        case .success(let channel):
          channel.closeFuture.whenComplete { _ in client.ended(attempt: attempt, error: nil) }
        case .failure(let error):
          client.ended(attempt: attempt, error: error)
        }
      }
  }

  /// Writes one frame, masked as a client's must be.
  static func write(_ channel: any Channel, _ opcode: WebSocketOpcode, _ data: ByteBuffer) {
    channel.writeAndFlush(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data), promise: nil)
  }

  static func send(_ channel: any Channel, text: String) { write(channel, .text, ByteBuffer(string: text)) }

  static func ping(_ channel: any Channel) { write(channel, .ping, ByteBuffer()) }

  /// Says goodbye (1000) and closes the channel.
  static func close(_ channel: any Channel) {
    var data = ByteBuffer()
    data.write(webSocketErrorCode: .normalClosure)
    channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data))
      .whenComplete { _ in channel.close(promise: nil) }
  }
}

/// The frames of one upgraded connection, handed to its client; pings answered, a close echoed.
final class LiveFrames: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame

  let client: LoadClient
  let attempt: Int

  init(client: LoadClient, attempt: Int) {
    self.client = client
    self.attempt = attempt
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    switch frame.opcode {
    case .text:
      client.received(String(buffer: frame.unmaskedData), attempt: attempt)
    case .pong:
      client.heard(attempt: attempt)
    case .ping:
      LoadSocket.write(context.channel, .pong, frame.unmaskedData)
    case .connectionClose:
      var data = frame.unmaskedData
      let code = data.readWebSocketErrorCode().map { Int(UInt16(webSocketErrorCode: $0)) }
      let reason = data.readString(length: data.readableBytes)
      client.closing(attempt: attempt, code: code, reason: reason)
      LoadSocket.close(context.channel)
    default:
      break
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }
}
