"use client";
/** The remaining budget after each movement (Recharts). */
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount, formatDecimal } from "@/lib/format";

export function BurnDownChart({
  points,
  unit,
}: {
  points: Array<{ at: string; remaining: number }>;
  unit: string;
}) {
  return (
    <figure>
      <figcaption className="mb-1 text-xs text-slate-600">Remaining {unit} over time</figcaption>
      <div className="h-48 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 5, right: 10, bottom: 5, left: 10 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="at" tick={{ fontSize: 10 }} minTickGap={30} />
            <YAxis tick={{ fontSize: 10 }} width={60} tickFormatter={(value: number) => formatCount(value)} />
            <Tooltip formatter={(value) => [`${formatDecimal(Number(value))} ${unit}`, "Remaining"]} />
            <Area
              type="stepAfter"
              dataKey="remaining"
              stroke="#1d4ed8"
              fill="#bfdbfe"
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
