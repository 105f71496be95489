import { Button, Group, Text } from '@mantine/core';
import touch from '../../theme.module.css';

interface ShowAllToggleProps {
  expanded: boolean;
  onToggle: (expanded: boolean) => void;
  /** The id of the element whose rows it shows or hides. */
  controls: string;
  total: number;
  /** What the collapsed list shows, and what the expanded one does; without it, the button stands alone, centred. */
  summary?: string;
}

/** Under a list cut to its first few rows: 'Show all N', then 'Show fewer'. */
export function ShowAllToggle({ expanded, onToggle, controls, total, summary }: ShowAllToggleProps) {
  return (
    <Group justify={summary ? 'space-between' : 'center'} mt="xs" gap="xs">
      {summary && (
        <Text size="xs" c="dimmed">
          {summary}
        </Text>
      )}
      <Button variant="subtle" size="compact-sm" className={touch.fingertip} aria-expanded={expanded} aria-controls={controls} onClick={() => onToggle(!expanded)}>
        {expanded ? 'Show fewer' : `Show all ${total}`}
      </Button>
    </Group>
  );
}
