"use client";
/** Choosing one record of a list that changes as records are added (a program's channels). */
import { useState } from "react";
import { SelectInput } from "./field";

/** The chosen id, or the list's first when the choice is gone. */
export function useChoice(ids: string[]) {
  const [chosen, setChosen] = useState("");
  return [ids.includes(chosen) ? chosen : (ids[0] ?? ""), setChosen] as const;
}

export function ChoiceSelect({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: Array<{ id: string; label: string }>;
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <SelectInput label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.label}
        </option>
      ))}
    </SelectInput>
  );
}
