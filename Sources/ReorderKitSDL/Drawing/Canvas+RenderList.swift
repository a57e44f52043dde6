import ReorderKit

extension Canvas {
  /// Draws the engine's render list in its order, back to front: a lifted cell at its scale with a
  /// soft shadow as strong as its `RenderElement.lift`; gaps, drop highlights, the forbidden
  /// marker, the focus ring and drag badges are drawn here, cells and headers by the caller.
  ///
  /// ```swift
  /// canvas.draw(view.renderList(at: now), origin: Point(x: 0, y: 52), focusedItem: view.focusedItem) { cell in
  ///   cell.canvas.fillRoundedRect(cell.frame, radius: 12, color: colors[cell.id]!.withAlpha(cell.alpha))
  /// } header: { header in
  ///   header.canvas.drawText(titles[header.id]!, in: header.frame, size: 15, bold: true, color: .black, alignment: .left)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - list: the render list of a moment (`CollectionView.renderList(at:)`).
  ///   - origin: where the view's top-left corner is in the window.
  ///   - theme: the colours of gaps, highlights, the shadow, badges and the forbidden marker.
  ///   - focusedItem: the item with the keyboard focus (its cell's ``CellContext/isFocused``).
  ///   - item: draws one cell into its ``CellContext/frame`` (window coordinates, already scaled).
  ///   - header: draws one section header into its ``HeaderContext/frame`` (window coordinates).
  public func draw<SectionID, ItemID>(
    _ list: RenderList<SectionID, ItemID>, origin: Point, theme: Theme = .standard, focusedItem: ItemID? = nil,
    item: (CellContext<SectionID, ItemID>) -> Void,
    header: (HeaderContext<SectionID, ItemID>) -> Void = { _ in }
  ) {
    // The engine's order is the drawing order: resting cells, a drop target's highlight, cells in
    // motion, the lifted stack, the forbidden marker and the focus ring on top.
    for element in list.elements {
      if element.isLifted {
        let frame = element.frame.scaled(by: element.scale).offsetBy(dx: origin.x, dy: origin.y)
        drawShadow(
          frame.offsetBy(dx: 0, dy: 4 + 4 * element.lift), radius: theme.cornerRadius, blur: theme.liftedShadowBlur,
          color: theme.liftedShadow.withAlpha(0.4 + 0.6 * element.lift))
        if element.badgeCount > 1 {
          // A stack: a plain card peeks out behind the first item of a drag session.
          let card = frame.offsetBy(dx: 6, dy: 6)
          let r = min(theme.cornerRadius, frame.height / 2)
          fillRoundedRect(card, radius: r, color: Color(hex: 0xE5E5EA))
          strokeRoundedRect(card, radius: r, lineWidth: 1, color: theme.separator)
        }
      }
      drawElement(
        element, origin: origin, viewWidth: list.viewSize.width, theme: theme, focusedItem: focusedItem, item: item,
        header: header)
    }
  }

  private func drawElement<SectionID, ItemID>(
    _ element: RenderElement<SectionID, ItemID>, origin: Point, viewWidth: Double, theme: Theme, focusedItem: ItemID?,
    item: (CellContext<SectionID, ItemID>) -> Void,
    header: (HeaderContext<SectionID, ItemID>) -> Void
  ) {
    let frame = element.frame.scaled(by: element.scale).offsetBy(dx: origin.x, dy: origin.y)
    switch element.kind {
    case .item(let id):
      item(
        CellContext(id: id, frame: frame, element: element, isFocused: id == focusedItem, canvas: self, theme: theme))
      if element.badgeCount > 0 {
        // On the top-right corner, kept inside the view.
        let corner = Point(x: min(frame.maxX, origin.x + viewWidth - 16), y: max(frame.minY, origin.y + 14))
        drawBadge(element.badgeCount, at: corner, theme: theme)
      }
    case .header(let id):
      header(HeaderContext(id: id, frame: frame, element: element, canvas: self, theme: theme))
    case .gap:
      let r = min(theme.cornerRadius, frame.height / 2)
      fillRoundedRect(frame, radius: r, color: theme.accent.withAlpha(0.08 * element.alpha))
      strokeRoundedRect(frame, radius: r, lineWidth: 2, color: theme.accent.withAlpha(0.45 * element.alpha))
    case .dropHighlight:
      let r = min(theme.cornerRadius, frame.height / 2)
      fillRoundedRect(frame, radius: r, color: theme.accent.withAlpha(0.18 * element.alpha))
      strokeRoundedRect(frame, radius: r, lineWidth: 2, color: theme.accent.withAlpha(element.alpha))
    case .forbidden:
      drawForbidden(in: frame, theme: theme, alpha: element.alpha)
    case .focusRing:
      strokeRoundedRect(frame, radius: theme.cornerRadius + 3, lineWidth: 3, color: theme.accent)
    }
  }

  /// A red circle with a count, centred on `point` (the top-right corner of a drag stack).
  public func drawBadge(_ count: Int, at point: Point, theme: Theme = .standard) {
    let text = "\(count)"
    let size = textSize(text, size: 12, bold: true)
    let h = 22.0
    let w = max(h, size.width + 12)
    let r = Rect(x: point.x - w / 2 - 2, y: point.y - h / 2 + 2, width: w, height: h)
    fillRoundedRect(r.insetBy(dx: -2, dy: -2), radius: h / 2 + 2, color: .white)
    fillRoundedRect(r, radius: h / 2, color: theme.forbidden)
    drawText(text, in: r, size: 12, bold: true, color: .white)
  }

  /// The "no entry" marker: a red disc with a white bar, fitted into `frame`.
  public func drawForbidden(in frame: Rect, theme: Theme = .standard, alpha: Double = 1) {
    let d = max(min(frame.width, frame.height), 24)
    let c = frame.center
    fillCircle(center: c, radius: d / 2 + 2, color: Color.white.withAlpha(alpha))
    fillCircle(center: c, radius: d / 2, color: theme.forbidden.withAlpha(alpha))
    fill(
      Rect(x: c.x - d * 0.3, y: c.y - d * 0.08, width: d * 0.6, height: d * 0.16), color: Color.white.withAlpha(alpha))
  }

  /// A disclosure triangle: pointing right when collapsed, down when expanded.
  public func drawDisclosure(expanded: Bool, center c: Point, size s: Double = 10, color: Color) {
    if expanded {
      fillTriangle(
        Point(x: c.x - s / 2, y: c.y - s / 4), Point(x: c.x + s / 2, y: c.y - s / 4), Point(x: c.x, y: c.y + s / 3),
        color: color)
    } else {
      fillTriangle(
        Point(x: c.x - s / 4, y: c.y - s / 2), Point(x: c.x + s / 3, y: c.y), Point(x: c.x - s / 4, y: c.y + s / 2),
        color: color)
    }
  }
}
