// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension ButtonLayout {
    /// An SVG picture of the layout, to look at: the container (dashed: the clear margin), the button with
    /// its style and corner radius, a neutral placeholder mark where the logo goes (not Apple's logo,
    /// which only Apple's own button may draw), and the title in a system sans-serif font.
    ///
    /// ```swift
    /// let picture = layout.svg()   // save as button.svg and open it in a browser
    /// ```
    public func svg() -> String {
        func number(_ value: Double) -> String {
            let rounded = (value * 100).rounded() / 100
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        let style = spec.style
        var lines = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(number(container.width))" height="\##(number(container.height))" viewBox="0 0 \##(number(container.width)) \##(number(container.height))">"##,
            ##"  <title>\##(spec.content == .logoOnly ? "logo-only" : spec.type.title) button, \##(style.name), \##(number(spec.size.width))x\##(number(spec.size.height)) pt</title>"##,
            ##"  <rect x="0.5" y="0.5" width="\##(number(container.width - 1))" height="\##(number(container.height - 1))" fill="#F2F2F7" stroke="#8E8E93" stroke-dasharray="4 3"/>"##,
            ##"  <rect x="\##(number(buttonFrame.x))" y="\##(number(buttonFrame.y))" width="\##(number(buttonFrame.width))" height="\##(number(buttonFrame.height))" rx="\##(number(spec.cornerRadius))" fill="\##(style.fill)"\##(style.outline.map { " stroke=\"\($0)\" stroke-width=\"1\"" } ?? "")/>"##,
            ##"  <circle cx="\##(number(logoFrame.x + logoFrame.width / 2))" cy="\##(number(logoFrame.y + logoFrame.height / 2))" r="\##(number(logoFrame.width * 0.4))" fill="none" stroke="\##(style.foreground)" stroke-width="\##(number(max(1, logoFrame.width * 0.12)))"/>"##,
        ]
        if let titleFrame {
            lines.append(
                ##"  <text x="\##(number(titleFrame.x))" y="\##(number(titleFrame.y + titleFrame.height / 2))" dominant-baseline="central" font-family="-apple-system, system-ui, Helvetica, Arial, sans-serif" font-weight="500" font-size="\##(number(spec.fontSize))" fill="\##(style.foreground)">\##(spec.type.title)</text>"##
            )
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
