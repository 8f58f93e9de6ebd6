import type { ReactNode } from "react";
import styles from "./staff.module.css";

export type StaffRow = { key: string; cells: readonly ReactNode[] };

/**
 * A titled table that scrolls on its own on a phone: the scroll box is the one landmark, a named focusable region
 * for keyboards (a section named by the same heading around it would be a second landmark of the same name).
 */
export function StaffTable({
  id,
  title,
  columns,
  rows,
  testId,
}: {
  id: string;
  title: string;
  columns: readonly string[];
  rows: readonly StaffRow[];
  testId?: string;
}) {
  return (
    <div className={styles.section}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby={id}>
        <table className={styles.table} data-testid={testId}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
