/** One bar: its label on the axis and its value; `part` is drawn inside it (e.g. the right answers). */
export interface Bar {
  label: string
  value: number
  part?: number
}

const WIDTH = 600
const HEIGHT = 180
const AXIS = 22
const TOP = 14

/**
 * A plain SVG bar chart that scales to its box. It is a picture for sighted readers only
 * (`aria-hidden`): the page shows the same numbers in a table.
 */
export function BarChart({ bars, color, partColor }: { bars: readonly Bar[]; color: string; partColor?: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value))
  const slot = WIDTH / Math.max(1, bars.length)
  const barWidth = Math.max(2, slot * 0.7)
  const height = HEIGHT - AXIS - TOP
  const labelEvery = Math.ceil(bars.length / 10)
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" aria-hidden="true" focusable="false" style={{ display: 'block', maxHeight: 220 }}>
      <line x1={0} x2={WIDTH} y1={TOP + height} y2={TOP + height} stroke="currentColor" strokeOpacity={0.3} />
      <text x={0} y={10} fontSize={11} fill="currentColor">
        {max}
      </text>
      {bars.map((bar, index) => {
        const x = index * slot + (slot - barWidth) / 2
        const h = (bar.value / max) * height
        const partHeight = bar.part === undefined ? 0 : (bar.part / max) * height
        return (
          <g key={bar.label}>
            <rect x={x} y={TOP + height - h} width={barWidth} height={h} fill={color} rx={2} />
            {partColor && partHeight > 0 && <rect x={x} y={TOP + height - partHeight} width={barWidth} height={partHeight} fill={partColor} rx={2} />}
            {index % labelEvery === 0 && (
              <text x={x + barWidth / 2} y={HEIGHT - 6} fontSize={11} textAnchor="middle" fill="currentColor">
                {bar.label}
              </text>
            )}
          </g>
        )
      })}
    </svg>
  )
}
