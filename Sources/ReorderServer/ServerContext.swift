import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of every route: Hummingbird's core storage and the WebSocket upgrade's
/// handler slot.
public struct ServerContext: RequestContext, WebSocketRequestContext {
  /// Hummingbird's per-request storage.
  public var coreContext: CoreRequestContextStorage
  /// Where the `live` route leaves its WebSocket handler for the upgrade.
  public let webSocket: WebSocketHandlerReference<Self>
  /// The person of the request's bearer token, once ``TokenAuthenticator`` checked it.
  public var access: Access?
  /// The connection the request came on (a live connection closes it at once when it must: a
  /// client that does not read would never see a close frame queued behind its unread replies).
  public let channel: any Channel

  /// A context for one request.
  public init(source: Source) {
    coreContext = .init(source: source)
    channel = source.channel
    webSocket = .init()
  }
}
