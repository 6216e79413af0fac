import {
  Alert,
  Button,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBelowProfileRate } from './frameRate';
import type { CameraRequest, CameraStatus } from './useCamera';

const RESOLUTIONS = [
  { width: 640, height: 480 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

/** Camera choice, the resolution and frame rate asked, and what the camera really delivers. */
export function CameraPanel(props: {
  readonly devices: readonly MediaDeviceInfo[];
  readonly status: CameraStatus;
  readonly measuredFps: number | null;
  readonly profileFps: number | null;
  readonly busy: boolean;
  readonly onStart: (request: CameraRequest) => void;
  readonly onStop: () => void;
}) {
  const { t } = useTranslation();
  const { devices, status, measuredFps, profileFps, busy } = props;
  const [deviceId, setDeviceId] = useState('');
  const [resolution, setResolution] = useState(0);
  const [frameRate, setFrameRate] = useState(String(profileFps ?? 50));
  const size = RESOLUTIONS[resolution] ?? RESOLUTIONS[0];
  const live = status.kind === 'live';
  const slow = live && isBelowProfileRate(measuredFps, profileFps);
  const start = () =>
    props.onStart({
      deviceId: deviceId === '' ? null : deviceId,
      width: size.width,
      height: size.height,
      frameRate: Number(frameRate) > 0 ? Number(frameRate) : 30,
    });

  return (
    <Stack spacing={1.5} data-testid="live-camera-panel">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        sx={{ alignItems: { md: 'center' } }}
      >
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="live-camera-device">{t('live.camera.device')}</InputLabel>
          <Select
            labelId="live-camera-device"
            label={t('live.camera.device')}
            value={deviceId}
            onChange={(event) => setDeviceId(event.target.value)}
            disabled={busy}
          >
            <MenuItem value="">{t('live.camera.defaultDevice')}</MenuItem>
            {devices.map((device, index) => (
              <MenuItem key={device.deviceId || index} value={device.deviceId}>
                {device.label || t('live.camera.unnamed', { n: index + 1 })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 140 }}>
          <InputLabel id="live-camera-resolution">{t('live.camera.resolution')}</InputLabel>
          <Select
            labelId="live-camera-resolution"
            label={t('live.camera.resolution')}
            value={resolution}
            onChange={(event) => setResolution(Number(event.target.value))}
            disabled={busy}
          >
            {RESOLUTIONS.map((option, index) => (
              <MenuItem key={option.width} value={index}>
                {t('live.camera.size', { width: option.width, height: option.height })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          size="small"
          type="number"
          label={t('live.camera.frameRate')}
          value={frameRate}
          onChange={(event) => setFrameRate(event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 240 } }}
          sx={{ width: 170 }}
          disabled={busy}
        />
        {live ? (
          <Button onClick={props.onStop} disabled={busy} data-testid="live-camera-stop">
            {t('live.camera.stop')}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={start}
            disabled={status.kind === 'starting'}
            data-testid="live-camera-start"
          >
            {t('live.camera.start')}
          </Button>
        )}
      </Stack>
      {live && (
        <Typography data-testid="live-camera-delivers">
          {t('live.camera.delivers', {
            width: status.width,
            height: status.height,
            fps: measuredFps === null ? '…' : measuredFps.toFixed(1),
          })}
        </Typography>
      )}
      {slow && (
        <Alert severity="warning" data-testid="live-camera-slow">
          {t('live.camera.belowProfile', {
            fps: measuredFps?.toFixed(1) ?? '',
            profile: profileFps ?? '',
          })}
        </Alert>
      )}
      {status.kind === 'off' && (
        <Alert severity="info" data-testid="live-camera-off">
          {t('live.camera.off')}
        </Alert>
      )}
      {status.kind === 'denied' && (
        <Alert severity="error" data-testid="live-camera-denied">
          {t('live.camera.denied')}
        </Alert>
      )}
      {status.kind === 'unavailable' && (
        <Alert severity="error" data-testid="live-camera-unavailable">
          {t('live.camera.unavailable', { message: status.message })}
        </Alert>
      )}
      {status.kind === 'ended' && (
        <Alert severity="error" data-testid="live-camera-ended">
          {t('live.camera.ended')}
        </Alert>
      )}
    </Stack>
  );
}
