import { Button, Tooltip } from '@mantine/core';
/**
 * A toolbar button the ticked row refuses: it stays in place, reads as disabled and says why on hover,
 * instead of asking first and refusing after.
 */
export function RefusableButton({ refusal, color, onClick, children }: { refusal: string | null; color?: string; onClick: () => void; children: React.ReactNode }) {
  const button = (
    <Button size="xs" variant="light" color={color} data-disabled={refusal ? true : undefined} aria-disabled={refusal ? true : undefined} onClick={() => !refusal && onClick()}>
      {children}
    </Button>
  );
  return refusal ? (
    <Tooltip label={refusal} withArrow>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
