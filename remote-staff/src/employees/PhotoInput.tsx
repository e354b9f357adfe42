import {
  EMPLOYEE_PHOTO_MIN_CROP,
  EMPLOYEE_PHOTO_QUALITY,
  EMPLOYEE_PHOTO_TYPE_MESSAGE,
  EMPLOYEE_PHOTO_TYPES,
  EMPLOYEE_PHOTO_WIDTH,
} from '@keuangan/shared';
import { Button, Flex, Form, Modal, Slider, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import AvatarEditor, { type AvatarEditorRef, type ImageState, type Position } from 'react-avatar-editor';

const EDITOR_SIZE = 260;
const MAX_ZOOM = 10;

/** The crop (at the source's resolution) as a square JPEG EMPLOYEE_PHOTO_WIDTH wide. */
function toJpeg(crop: HTMLCanvasElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = EMPLOYEE_PHOTO_WIDTH;
  canvas.height = EMPLOYEE_PHOTO_WIDTH;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('Canvas tidak tersedia'));
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(crop, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Foto tidak dapat dibuat'))),
      'image/jpeg',
      EMPLOYEE_PHOTO_QUALITY,
    ),
  );
}

/** One labelled slider of the crop dialog (0 to 1 unless told). */
function CropSlider({
  label,
  min = 0,
  max = 1,
  value,
  onChange,
  disabled,
}: {
  label: string;
  min?: number;
  max?: number;
  value: number;
  onChange: (value: number) => void;
  disabled: boolean;
}) {
  return (
    <Flex align="center" gap={8} style={{ width: '100%' }}>
      <Typography.Text style={{ width: 120 }}>{label}</Typography.Text>
      <Slider
        min={min}
        max={max}
        step={0.01}
        value={value}
        onChange={onChange}
        disabled={disabled}
        ariaLabelForHandle={label}
        tooltip={{ open: false }}
        style={{ flex: 1 }}
      />
    </Flex>
  );
}

export interface PhotoInputProps {
  /** The photo shown until a new one is cropped (the stored one or the default). */
  currentUrl: string;
  /** For the image's alternative text. */
  name: string;
  /** The cropped photo waiting for the form's Save, or null. */
  pending: Blob | null;
  onPendingChange: (photo: Blob | null) => void;
}

/**
 * Foto (docs/data.md): choose a JPEG or PNG, crop it square in a dialog (drag, or the sliders, to move and
 * zoom: keyboard users have the sliders; never below EMPLOYEE_PHOTO_MIN_CROP source pixels); Simpan keeps the crop pending, Batal
 * clears it. The form uploads the pending photo after its own save succeeds.
 */
export function PhotoInput({ currentUrl, name, pending, onPendingChange }: PhotoInputProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const editorRef = useRef<AvatarEditorRef>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [maxZoom, setMaxZoom] = useState(1);
  const [position, setPosition] = useState<Position>({ x: 0.5, y: 0.5 });
  const [ready, setReady] = useState(false);
  const [saving, setSaving] = useState(false);
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!pending) {
      setPendingUrl(null);
      return;
    }
    const url = URL.createObjectURL(pending);
    setPendingUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [pending]);

  const choose = (chosen: File | undefined) => {
    if (inputRef.current) inputRef.current.value = ''; // the same file may be chosen again
    if (!chosen) return;
    if (!(EMPLOYEE_PHOTO_TYPES as readonly string[]).includes(chosen.type)) {
      setError(EMPLOYEE_PHOTO_TYPE_MESSAGE);
      return;
    }
    setError(null);
    setZoom(1);
    setPosition({ x: 0.5, y: 0.5 });
    setReady(false);
    setFile(chosen);
  };

  const close = () => {
    setFile(null);
    setReady(false);
  };

  const loaded = (image: ImageState) => {
    const shortSide = Math.min(image.resource?.naturalWidth ?? 0, image.resource?.naturalHeight ?? 0);
    // At zoom z the crop covers shortSide / z source pixels: keep it at least the minimum crop.
    setMaxZoom(Math.max(1, Math.min(MAX_ZOOM, shortSide / EMPLOYEE_PHOTO_MIN_CROP)));
    setReady(true);
  };

  const loadFailed = () => {
    close();
    setError(EMPLOYEE_PHOTO_TYPE_MESSAGE);
  };

  const save = async () => {
    const crop = editorRef.current?.getImage();
    if (!crop) return;
    setSaving(true);
    try {
      onPendingChange(await toJpeg(crop));
      close();
    } catch {
      loadFailed();
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    onPendingChange(null);
    close();
  };

  return (
    <>
      <Form.Item
        label="Foto"
        htmlFor={inputId}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span id={errorId}>{error}</span> : undefined}
      >
        <Flex gap={16} align="center" wrap>
          <img
            src={pendingUrl ?? currentUrl}
            alt={`Foto ${name}`}
            width={120}
            height={120}
            style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid #f0f0f0' }}
          />
          <Flex vertical gap={4} align="flex-start">
            <Button onClick={() => inputRef.current?.click()}>Pilih Foto</Button>
            {pending ? (
              <Typography.Text type="secondary">Foto baru disimpan bersama data.</Typography.Text>
            ) : null}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={EMPLOYEE_PHOTO_TYPES.join(',')}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => choose(event.target.files?.[0])}
              hidden
            />
          </Flex>
        </Flex>
      </Form.Item>
      <Modal
        open={file !== null}
        title="Potong Foto"
        okText="Simpan"
        cancelText="Batal"
        okButtonProps={{ disabled: !ready, loading: saving }}
        onOk={save}
        onCancel={cancel}
        destroyOnHidden
        width={EDITOR_SIZE + 100}
      >
        <Flex vertical align="center" gap={12}>
          {file ? (
            <AvatarEditor
              ref={editorRef}
              image={file}
              width={EDITOR_SIZE}
              height={EDITOR_SIZE}
              border={20}
              scale={zoom}
              position={position}
              onPositionChange={setPosition}
              onLoadSuccess={loaded}
              onLoadFailure={loadFailed}
            />
          ) : null}
          <CropSlider
            label="Perbesar"
            min={1}
            max={maxZoom}
            value={zoom}
            onChange={setZoom}
            disabled={!ready || maxZoom <= 1}
          />
          <CropSlider
            label="Geser mendatar"
            value={position.x}
            onChange={(x) => setPosition((p) => ({ ...p, x }))}
            disabled={!ready}
          />
          <CropSlider
            label="Geser tegak"
            value={position.y}
            onChange={(y) => setPosition((p) => ({ ...p, y }))}
            disabled={!ready}
          />
        </Flex>
      </Modal>
    </>
  );
}
