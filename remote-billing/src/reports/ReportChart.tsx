/**
 * The reports' charts (Chart.js through react-chartjs-2), in their own module so the screens load it lazily
 * (`React.lazy`): the chart library is fetched only when a chart is shown. Colours come from the antd theme.
 * The canvas is an image with a name; its numbers are in the screen's tables and its description.
 */
import { theme } from 'antd';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

export interface ReportChartProps {
  /** The canvas's accessible name. */
  label: string;
  /** The series name (legend and tooltip). */
  series: string;
  labels: string[];
  values: number[];
  /** How a value is written on the axis and in the tooltip. */
  format: (value: number) => string;
  /** Upper bound of the value axis (100 for a percentage). */
  max?: number;
}

export default function ReportChart({ label, series, labels, values, format, max }: ReportChartProps) {
  const { token } = theme.useToken();
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => `${series}: ${format(Number(item.raw))}` } },
    },
    scales: {
      y: {
        beginAtZero: true,
        ...(max === undefined ? {} : { max }),
        ticks: { callback: (value) => format(Number(value)), color: token.colorTextSecondary },
        grid: { color: token.colorBorderSecondary },
      },
      x: { ticks: { color: token.colorTextSecondary }, grid: { display: false } },
    },
  };
  return (
    <div style={{ position: 'relative', height: 260 }}>
      <Bar
        role="img"
        aria-label={label}
        options={options}
        data={{
          labels,
          datasets: [
            {
              label: series,
              data: values,
              backgroundColor: token.colorPrimary,
              borderRadius: token.borderRadiusSM,
            },
          ],
        }}
      />
    </div>
  );
}
